package io.cpsng.cps.ri;

import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Every user of the application's DataSource, the transaction manager first, takes connections through one door. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StoreStatementProperties.class)
class StoreSessionConfig {

    // static, and the properties resolved at the first data session: a post-processor is made before other beans
    @Bean
    static BeanPostProcessor storeSessionDataSourcePostProcessor(
            final ObjectProvider<StoreStatementProperties> storeStatementProperties) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(final Object bean, final String beanName) {
                return bean instanceof DataSource pool && !(bean instanceof StoreSessionDataSource)
                    ? new StoreSessionDataSource(pool, storeStatementProperties::getObject) : bean;
            }
        };
    }
}
