package io.cpsng.cps.api.exceptions

import spock.lang.Specification

import java.sql.SQLException
import java.sql.SQLTransientConnectionException

class DatabaseOutageSpec extends Specification {

    def 'A failure caused by #scenario is #expected'() {
        given: 'the SQLException wrapped as Spring and Hibernate wrap it'
            def failure = new RuntimeException('Unable to rollback against JDBC Connection',
                new IllegalStateException('wrapped', sqlException))
        expect: 'the outage read from its SQLSTATE'
            DatabaseOutage.of(failure) == Optional.ofNullable(expected)
        where:
            scenario                | sqlException                                                                        || expected
            'a closed connection'   | new SQLException('This connection has been closed.', '08003')                    || new DatabaseOutage(false, 'This connection has been closed')
            'a crash shutdown'      | new SQLException('FATAL: terminating connection', '57P02')                       || new DatabaseOutage(false, 'FATAL: terminating connection')
            'recovery in progress'  | new SQLException('FATAL: the database system is starting up', '57P03')           || new DatabaseOutage(false, 'FATAL: the database system is starting up')
            'a full disk'           | new SQLException('ERROR: could not extend file: No space left on device\n  Hint: Check free disk space.', '53100') || new DatabaseOutage(true, 'ERROR: could not extend file: No space left on device')
            'the pool timing out'   | new SQLTransientConnectionException('Connection is not available')               || new DatabaseOutage(false, 'Connection is not available')
            'a pooled connection that broke' | new SQLException('Connection is closed')                          || new DatabaseOutage(false, 'Connection is closed')
            'a duplicate key'       | new SQLException('duplicate key value', '23505')                                 || null
            'a syntax error'        | new SQLException('syntax error', '42601')                                        || null
    }

    def 'A failure without an SQLException is no outage'() {
        expect: 'nothing found'
            DatabaseOutage.of(new IllegalArgumentException('bad input')).isEmpty()
    }
}
