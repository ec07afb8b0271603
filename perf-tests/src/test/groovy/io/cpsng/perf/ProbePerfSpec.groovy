package io.cpsng.perf

import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsDataService
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.TestPropertySource

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS

@TestPropertySource(properties = ['logging.level.org.springframework.orm.jpa.JpaTransactionManager=DEBUG', 'logging.level.org.springframework.jdbc.support.JdbcTransactionManager=DEBUG', 'logging.level.org.springframework.jdbc.datasource.DataSourceTransactionManager=DEBUG'])
class ProbePerfSpec extends IntegrationSpec {
    @Autowired PerfFixture perfFixture
    @Autowired CpsDataService objectUnderTest

    def 'probe'() {
        given:
            perfFixture.createAnchor('probe', 'flat')
            objectUnderTest.saveData('probe', 'flat', '/', FlatList.flatListJson(1_000), JSON)
            (1..10).each { objectUnderTest.getDataNodes('probe', 'flat', FlatList.entryXpath(it), OMIT_DESCENDANTS) }
            (1..10).each { objectUnderTest.updateDataNodeAndDescendants('probe', 'flat', '/flat', FlatList.replacedEntryJson(it), JSON) }
        when:
            println "PROBE read"
            objectUnderTest.getDataNodes('probe', 'flat', FlatList.entryXpath(100), OMIT_DESCENDANTS)
            println "PROBE replace"
            objectUnderTest.updateDataNodeAndDescendants('probe', 'flat', '/flat', FlatList.replacedEntryJson(100), JSON)
            println "PROBE delete"
            objectUnderTest.deleteDataNode('probe', 'flat', FlatList.entryXpath(100))
            println "PROBE end"
        then:
            true
    }
}
