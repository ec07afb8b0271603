package io.cpsng

import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc
import org.springframework.test.web.servlet.MockMvc

/** The whole application on the real PostgreSQL, called through MockMvc. */
// the module-sync and data-sync schedules are off: specs that sync drive them themselves, so nothing changes state
// behind a spec's back (a context cached for an earlier spec would otherwise sync a later spec's handles)
@SpringBootTest(properties = ['security.auth.enabled=false', 'ncmp.module-sync.enabled=false', 'ncmp.data-sync.enabled=false',
        // health checks would turn handles of plugins long stopped NONE behind a spec's back; TrustLevelSpec runs them
        'ncmp.dmi.health-check-interval=0s'])
@AutoConfigureMockMvc
abstract class IntegrationSpec extends DatabaseSpec {

    @Autowired
    MockMvc mvc
}
