package io.cpsng.cps

import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.mock.web.MockMultipartFile

import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream

import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

class AdminRestSpec extends IntegrationSpec {

    static final String V2 = '/cps/api/v2'

    @Autowired
    StoreFixture storeFixture

    def 'A dataspace is created (#version answers #expectedBody), listed, read and deleted'() {
        when: 'a dataspace is created'
            def created = mvc.perform(post("/cps/api/${version}/dataspaces").param('dataspace-name', name)).andReturn().response
        then: 'it is created'
            created.status == 201
            created.contentAsString == expectedBody
        and: 'it is listed and can be read'
            json(mvc.perform(get("${V2}/admin/dataspaces")).andReturn().response)*.name.contains(name)
            json(mvc.perform(get("${V2}/admin/dataspaces/${name}")).andReturn().response) == [name: name]
        when: 'it is deleted'
            def deleted = mvc.perform(delete("${V2}/dataspaces").param('dataspace-name', name)).andReturn().response
        then: 'it is gone'
            deleted.status == 204
            mvc.perform(get("${V2}/admin/dataspaces/${name}")).andReturn().response.status == 400
        where: 'the API version is'
            version | name          || expectedBody
            'v1'    | 'ds-from-v1'  || 'ds-from-v1'
            'v2'    | 'ds-from-v2'  || ''
    }

    def 'Creating a dataspace #scenario is refused with #expectedStatus'() {
        given: 'a dataspace exists'
            if (!storeFixture.cpsDataspaceService.dataspaces*.name.contains('existing')) {
                storeFixture.cpsDataspaceService.createDataspace('existing')
            }
        when: 'a dataspace is created'
            def response = mvc.perform(post("${V2}/dataspaces").param('dataspace-name', name)).andReturn().response
        then: 'the request is refused with a JSON error'
            response.status == expectedStatus
            json(response).status.startsWith(expectedStatus as String)
            json(response).details.contains(name)
        where: 'the name is'
            scenario          | name          || expectedStatus
            'that exists'     | 'existing'    || 409
            'with a space'    | 'my space'    || 400
            'with a slash'    | 'my/space'    || 400
    }

    def 'A schema set is created from #scenario and lists its modules'() {
        given: 'a dataspace'
            storeFixture.cpsDataspaceService.createDataspace(dataspaceName)
        when: 'the file is uploaded'
            def response = mvc.perform(multipart("${V2}/dataspaces/${dataspaceName}/schema-sets")
                .file(file).param('schema-set-name', 'models')).andReturn().response
        then: 'the schema set is created'
            response.status == 201
        and: 'it shows its module references'
            def schemaSet = json(mvc.perform(get("${V2}/dataspaces/${dataspaceName}/schema-sets/models")).andReturn().response)
            schemaSet.dataspaceName == dataspaceName
            schemaSet.name == 'models'
            schemaSet.moduleReferences as Set == expectedModules as Set
        and: 'the list of schema sets holds it'
            json(mvc.perform(get("${V2}/dataspaces/${dataspaceName}/schema-sets")).andReturn().response)*.name == ['models']
        where: 'the upload is'
            scenario              | dataspaceName | file                                                                                            || expectedModules
            'one yang file'       | 'ss-yang'     | yangFile('warehouse.yang')                                                                      || [WAREHOUSE]
            'a zip with folders'  | 'ss-zip'      | zipFile(['a/warehouse.yang': source('warehouse.yang'), 'b/c/warehouse-audit.yang': source('warehouse-audit.yang'), 'readme.txt': 'x']) || [WAREHOUSE, AUDIT]
    }

    def 'An upload of #scenario is refused as bad input'() {
        given: 'a dataspace'
            if (!storeFixture.cpsDataspaceService.dataspaces*.name.contains('uploads')) {
                storeFixture.cpsDataspaceService.createDataspace('uploads')
            }
        when: 'the file is uploaded'
            def response = mvc.perform(multipart("${V2}/dataspaces/uploads/schema-sets")
                .file(file).param('schema-set-name', 'rejected')).andReturn().response
        then: 'it is refused with the reason'
            response.status == 400
            json(response).details.toLowerCase().contains(expectedInDetails)
        and: 'no schema set was created'
            json(mvc.perform(get("${V2}/dataspaces/uploads/schema-sets")).andReturn().response) == []
        where: 'the upload is'
            scenario           | file                                                                  || expectedInDetails
            'invalid YANG'     | yangFile('broken.yang', 'module broken { namespace "urn:x"; prefix')  || 'broken'
            'a missing import' | yangFile('warehouse-audit.yang')                                      || 'warehouse'
            'an empty zip'     | zipFile([:])                                                          || 'no *.yang'
            'a text file'      | new MockMultipartFile('file', 'notes.txt', 'text/plain', 'x'.bytes)  || 'notes.txt'
            'a zip bomb'       | zipFile(['bomb.yang': ' ' * 50_000_000])                             || 'times its compressed size'
    }

    def 'A schema set in use by an anchor cannot be deleted; deleting the anchor deletes its data'() {
        given: 'a dataspace with the warehouse schema set, an anchor and data'
            storeFixture.createWarehouseAnchors('in-use', 'site')
            mvc.perform(post("${V2}/dataspaces/in-use/anchors/site/nodes").contentType(APPLICATION_JSON)
                .content(StoreFixture.WAREHOUSE_JSON))
        when: 'the schema set is deleted'
            def refused = mvc.perform(delete("${V2}/dataspaces/in-use/schema-sets/warehouse")).andReturn().response
        then: 'it is in use'
            refused.status == 409
        and: 'the dataspace cannot be deleted either'
            mvc.perform(delete("${V2}/dataspaces").param('dataspace-name', 'in-use')).andReturn().response.status == 409
        when: 'the anchor is deleted'
            def deletedAnchor = mvc.perform(delete("${V2}/dataspaces/in-use/anchors/site")).andReturn().response
        then: 'it is gone with its data'
            deletedAnchor.status == 204
            jdbcTemplate.queryForObject('SELECT count(*) FROM fragment WHERE anchor_id NOT IN (SELECT id FROM anchor)', Integer) == 0
        and: 'the schema set and then the dataspace can be deleted'
            mvc.perform(delete("${V2}/dataspaces/in-use/schema-sets/warehouse")).andReturn().response.status == 204
            mvc.perform(delete("${V2}/dataspaces").param('dataspace-name', 'in-use')).andReturn().response.status == 204
        and: 'no module source is left that no schema set uses'
            jdbcTemplate.queryForObject('''SELECT count(*) FROM yang_resource yr WHERE NOT EXISTS
                (SELECT 1 FROM schema_set_yang_resource link WHERE link.yang_resource_id = yr.id)''', Integer) == 0
    }

    def 'Anchors are created, listed and read'() {
        given: 'a dataspace with the warehouse schema set'
            storeFixture.createWarehouseAnchors('anchors-ds')
        when: 'an anchor is created'
            def response = mvc.perform(post("${V2}/dataspaces/anchors-ds/anchors")
                .param('schema-set-name', 'warehouse').param('anchor-name', 'north')).andReturn().response
        then: 'it is created, listed and readable'
            response.status == 201
            json(mvc.perform(get("${V2}/dataspaces/anchors-ds/anchors")).andReturn().response) ==
                [[name: 'north', dataspaceName: 'anchors-ds', schemaSetName: 'warehouse']]
            json(mvc.perform(get("${V2}/dataspaces/anchors-ds/anchors/north")).andReturn().response).schemaSetName == 'warehouse'
        when: 'an anchor is created on a schema set that does not exist'
            def missing = mvc.perform(post("${V2}/dataspaces/anchors-ds/anchors")
                .param('schema-set-name', 'nothing').param('anchor-name', 'south')).andReturn().response
        then: 'it is refused, naming the schema set'
            missing.status == 400
            json(missing).details.contains('nothing')
    }

    static final Map WAREHOUSE = [name: 'warehouse', namespace: 'urn:cpsng:test:warehouse', revision: '2026-01-01']
    static final Map AUDIT = [name: 'warehouse-audit', namespace: 'urn:cpsng:test:warehouse-audit', revision: '2026-01-01']

    static String source(String fileName) {
        StoreFixture.yangSource(fileName)
    }

    static yangFile(String fileName, String content = source(fileName)) {
        new MockMultipartFile('file', fileName, 'application/octet-stream', content.getBytes('UTF-8'))
    }

    static zipFile(Map<String, String> entries) {
        def bytes = new ByteArrayOutputStream()
        new ZipOutputStream(bytes).withCloseable { zip ->
            entries.each { name, content ->
                zip.putNextEntry(new ZipEntry(name))
                zip.write(content.getBytes('UTF-8'))
                zip.closeEntry()
            }
        }
        new MockMultipartFile('file', 'models.zip', 'application/zip', bytes.toByteArray())
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }
}
