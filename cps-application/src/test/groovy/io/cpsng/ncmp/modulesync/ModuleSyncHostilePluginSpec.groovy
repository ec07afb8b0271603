package io.cpsng.ncmp.modulesync

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import groovy.json.JsonOutput
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.api.model.LockReason
import spock.lang.Shared

import static io.cpsng.ncmp.api.model.CmHandleState.LOCKED

/**
 * Module sync against a plugin that answers what no plugin should: more modules than a handle may have, modules
 * without a name, fewer sources than modules. Each handle fails its sync, LOCKED with the reason, and no module set
 * is stored for it; before, the first held a core for minutes and the others were READY on a wrong module set.
 */
class ModuleSyncHostilePluginSpec extends ModuleSyncIntegrationSpec {

    static final String SOURCE_OF_A = 'module hostile-a { yang-version 1.1; namespace "urn:spec:hostile-a"; ' +
        'prefix ha; revision 2020-01-01; }'

    /** What the plugin answers to each handle's module references, and to its request for sources. */
    static final Map<String, Map> ANSWERS = [
        'hostile-many'     : [modules  : (0..20_000).collect { [moduleName: "many-${it}", revision: '2020-01-01'] },
                              resources: []],
        'hostile-nameless' : [modules  : [[moduleName: '', revision: '2020-01-01']],
                              resources: []],
        'hostile-nul'      : [modules  : [[moduleName: 'nul\u0000name', revision: '2020-01-01']],
                              resources: []],
        'hostile-missing'  : [modules  : [[moduleName: 'hostile-a', revision: '2020-01-01'],
                                          [moduleName: 'hostile-b', revision: '2020-01-01']],
                              resources: [[moduleName: 'hostile-a', revision: '2020-01-01', yangSource: SOURCE_OF_A]]],
        'hostile-other'    : [modules  : [[moduleName: 'hostile-b', revision: '2020-01-01']],
                              resources: [[moduleName: 'hostile-a', revision: '2020-01-01', yangSource: SOURCE_OF_A]]],
    ]

    @Shared
    HttpServer hostilePlugin = startHostilePlugin()

    def cleanupSpec() {
        hostilePlugin.stop(0)
    }

    def 'A plugin answering #scenario fails the handle\'s sync, naming why, and stores no module set'() {
        given: 'the handle registered on the hostile plugin'
            def result = ncmpDmiRegistrationService.updateDmiRegistration(new DmiPluginRegistration(pluginUrl(), null,
                null, null, null, [new CmHandle(cmHandleId, null, null, null, [:], [:], '', null, null, null, null)], [], [], null))
            assert result.allSucceeded()
        when: 'module sync runs until the handle has failed once'
            syncUntil(30) { cmHandles([cmHandleId])[cmHandleId].state().cmHandleState() == LOCKED }
        then: 'it is LOCKED for a failed module sync, and the reason says why'
            def lockReason = cmHandles([cmHandleId])[cmHandleId].state().lockReason()
            lockReason.reason() == LockReason.MODULE_SYNC_FAILED
            lockReason.details().contains(expectedReason)
        and: 'it has no module set'
            moduleSetsOf([cmHandleId]).isEmpty()
        where: 'the plugin answers'
            scenario                                | cmHandleId         || expectedReason
            '20,001 modules'                        | 'hostile-many'     || 'the plugin named 20001 modules, more than ncmp.module-sync.max-modules-per-handle (20000)'
            'a module without a name'               | 'hostile-nameless' || 'the plugin named a module without a name'
            'a module name with a NUL'              | 'hostile-nul'      || 'the plugin named a module without a name, or with a NUL character in it'
            'no source for one of its modules'      | 'hostile-missing'  || 'the plugin sent no source for modules it named: hostile-b'
            'the source of another module'          | 'hostile-other'    || 'the plugin sent no source for modules it named: hostile-b'
    }

    HttpServer startHostilePlugin() {
        def server = HttpServer.create(new InetSocketAddress(InetAddress.loopbackAddress, 0), 0)
        server.createContext('/dmi/v1/ch/') { HttpExchange exchange ->
            def (cmHandleId, endpoint) = exchange.requestURI.path.split('/')[4, 5]
            def answer = ANSWERS[cmHandleId]
            def body = endpoint == 'modules' ? JsonOutput.toJson([schemas: answer.modules])
                : JsonOutput.toJson(answer.resources)
            def bytes = body.getBytes('UTF-8')
            exchange.responseHeaders.add('Content-Type', 'application/json')
            exchange.sendResponseHeaders(200, bytes.length)
            exchange.responseBody.withCloseable { it.write(bytes) }
        }
        server.start()
        server
    }

    String pluginUrl() {
        "http://127.0.0.1:${hostilePlugin.address.port}"
    }
}
