package io.cpsng

import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc
import org.springframework.test.web.servlet.MockMvc

/** The whole application on the real PostgreSQL, called through MockMvc. */
// the module-sync schedule is off: specs that sync drive it themselves, so nothing changes state behind a spec's back
@SpringBootTest(properties = ['security.auth.enabled=false', 'ncmp.module-sync.enabled=false',
        // health checks would turn handles of plugins long stopped NONE behind a spec's back; TrustLevelSpec runs them
        'ncmp.dmi.health-check-interval=0s'])
@AutoConfigureMockMvc
abstract class IntegrationSpec extends DatabaseSpec {

    @Autowired
    MockMvc mvc
}
