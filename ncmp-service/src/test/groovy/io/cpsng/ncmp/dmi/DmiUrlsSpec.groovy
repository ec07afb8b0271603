package io.cpsng.ncmp.dmi

import spock.lang.Specification

import java.nio.charset.StandardCharsets

class DmiUrlsSpec extends Specification {

    static final String PLUGIN = 'http://dmi:8080'

    def 'A path segment with #scenario is percent-encoded once'() {
        expect: 'the segment encoded in the URL'
            DmiUrls.moduleReferences(PLUGIN, cmHandleId).toString() == "${PLUGIN}/dmi/v1/ch/${encoded}/modules"
        and: 'what the plugin decodes is the id'
            URLDecoder.decode(encoded, StandardCharsets.UTF_8) == cmHandleId
        where: 'the cm handle id has'
            scenario                          | cmHandleId   || encoded
            'a space'                         | 'ch 1'       || 'ch%201'
            'a slash'                         | 'a/b'        || 'a%2Fb'
            'a percent sign'                  | '100%'       || '100%25'
            'an encoded-looking percent'      | 'a%20b'      || 'a%2520b'
            'a plus'                          | 'a+b'        || 'a%2Bb'
            'non-ASCII characters'            | 'ü€'         || '%C3%BC%E2%82%AC'
            'a character beyond 16 bits'      | '😀'         || '%F0%9F%98%80'
            'what URLEncoder leaves'          | 'aZ0.-*_'    || 'aZ0.-*_'
            'a tilde, as URLEncoder encodes'  | '~'          || '%7E'
            'reserved characters'             | '=,:?&#;@'   || '%3D%2C%3A%3F%26%23%3B%40'
    }

    def 'The plugin address #scenario gives the same URL'() {
        expect: 'one slash between address and path'
            DmiUrls.moduleResources(plugin, 'ch-1').toString() == 'http://dmi:8080/dmi/v1/ch/ch-1/moduleResources'
        where:
            scenario                  | plugin
            'without a trailing slash' | 'http://dmi:8080'
            'with a trailing slash'    | 'http://dmi:8080/'
    }

    def 'A pass-through call with #scenario has its query parameters encoded'() {
        expect: 'the datastore as a segment, the parameters in the query'
            DmiUrls.passThrough(PLUGIN, 'ch 1', 'ncmp-datastore:passthrough-running', resourceIdentifier, options,
                topic).toString() == "${PLUGIN}/dmi/v1/ch/ch%201/data/ds/ncmp-datastore%3Apassthrough-running?${query}"
        where: 'the resource identifier, options and topic are'
            scenario                   | resourceIdentifier | options         | topic        || query
            'all three'                | '/a b/c=1'         | '(fields=x y)'  | 'my topic&x' || 'resourceIdentifier=%2Fa%20b%2Fc%3D1&options=%28fields%3Dx%20y%29&topic=my%20topic%26x'
            'no options and no topic'  | '/'                | null            | null         || 'resourceIdentifier=%2F'
            'empty options'            | '/'                | ''              | null         || 'resourceIdentifier=%2F'
            'no resource identifier'   | null               | null            | 'topic'      || 'resourceIdentifier=&topic=topic'
    }

    def 'The batch and write-job URLs carry their parameters encoded'() {
        expect: 'data operations with request id and topic'
            DmiUrls.dataOperations(PLUGIN, 'req/1', 'topic ü').toString() ==
                "${PLUGIN}/dmi/v1/data?requestId=req%2F1&topic=topic%20%C3%BC"
        and: 'a write sub-job with its destination'
            DmiUrls.writeJob(PLUGIN, 'dest?x=1 2').toString() == "${PLUGIN}/dmi/v1/cmwriteJob?destination=dest%3Fx%3D1%202"
        and: 'its status without a destination, its result with one'
            DmiUrls.writeJobQuery(PLUGIN, 'prod 1', 'job/1', 'status', null).toString() ==
                "${PLUGIN}/dmi/v1/cmwriteJob/dataProducer/prod%201/dataProducerJob/job%2F1/status"
            DmiUrls.writeJobQuery(PLUGIN, 'prod 1', 'job/1', 'result', 'd e/ü').toString() ==
                "${PLUGIN}/dmi/v1/cmwriteJob/dataProducer/prod%201/dataProducerJob/job%2F1/result?destination=d%20e%2F%C3%BC"
        and: 'the health check'
            DmiUrls.health(PLUGIN + '/').toString() == "${PLUGIN}/actuator/health"
    }

    def 'A ProvMnS FDN is the path: #scenario'() {
        expect: 'each segment encoded, = and , kept, the query in its order'
            DmiUrls.provMns(PLUGIN, fdn, query).toString() == "${PLUGIN}/ProvMnS/v1${expected}"
        where: 'the FDN and query are'
            scenario                      | fdn                                      | query                                       || expected
            'a plain FDN'                 | '/A=1/B=2'                               | [:]                                         || '/A=1/B=2'
            'spaces, non-ASCII and %'     | '/SubNetwork=A b/ManagedElement=ü,1/X=%' | [:]                                         || '/SubNetwork=A%20b/ManagedElement=%C3%BC,1/X=%25'
            'a query in the given order'  | '/A=1'                                   | [scopeType: 'BASE_ONLY', filter: 'a=b&c d'] || '/A=1?scopeType=BASE_ONLY&filter=a%3Db%26c%20d'
    }
}
