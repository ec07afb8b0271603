package io.cpsng

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsDataspaceService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import org.springframework.beans.factory.annotation.Autowired

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get

class ObservabilitySpec extends IntegrationSpec {

    @Autowired
    CpsDataspaceService cpsDataspaceService

    def 'Health answers #path'() {
        when: 'the probe is called'
            def response = mvc.perform(get(path)).andReturn().response
        then: 'it is up'
            response.status == 200
            response.contentAsString.contains('"status":"UP"')
        where: 'the probe is'
            path << ['/actuator/health', '/actuator/health/liveness', '/actuator/health/readiness']
    }

    def 'Store operations are timed on the Prometheus endpoint'() {
        given: 'a dataspace was created'
            cpsDataspaceService.createDataspace('timed')
        when: 'the metrics are scraped'
            def metrics = mvc.perform(get('/actuator/prometheus')).andReturn().response.contentAsString
        then: 'the create operation has a timer'
            metrics.contains('cps_store_operation_seconds_count{class="io.cpsng.cps.impl.DataspaceService",exception="none",method="createDataspace"}')
    }

    def 'A store operation that fails is timed with the exception it threw'() {
        given: 'a dataspace was created, then created again'
            cpsDataspaceService.createDataspace('timed-twice')
            try {
                cpsDataspaceService.createDataspace('timed-twice')
            } catch (AlreadyDefinedException expected) {
            }
        when: 'the metrics are scraped'
            def metrics = mvc.perform(get('/actuator/prometheus')).andReturn().response.contentAsString
        then: 'the failed create has a timer of its own, tagged with the exception\'s name'
            metrics.contains('cps_store_operation_seconds_count{class="io.cpsng.cps.impl.DataspaceService",exception="AlreadyDefinedException",method="createDataspace"}')
    }

    def 'The CPU time the service used is on the metrics endpoint'() {
        when: 'the metric process.cpu.time is read'
            def response = mvc.perform(get('/actuator/metrics/process.cpu.time')).andReturn().response
        then: 'it is there, in nanoseconds (the measure tool relies on both), and the service has used some'
            response.status == 200
            def metric = new JsonSlurper().parseText(response.contentAsString)
            metric.baseUnit == 'ns'
            metric.measurements.find { it.statistic == 'COUNT' }.value > 0
    }

    def 'The OpenAPI document describes the CPS endpoints and Swagger UI is served'() {
        when: 'the OpenAPI document is read'
            def apiDocs = mvc.perform(get('/v3/api-docs')).andReturn().response
        then: 'it lists the data node endpoint'
            apiDocs.status == 200
            apiDocs.contentAsString.contains('/cps/api/{apiVersion}/dataspaces/{dataspace-name}/anchors/{anchor-name}/nodes')
        and: 'the Swagger UI page is there'
            mvc.perform(get('/swagger-ui/index.html')).andReturn().response.status == 200
    }
}
