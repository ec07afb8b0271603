package io.cpsng.database

import spock.lang.Specification
import spock.lang.TempDir

import java.nio.file.Files
import java.nio.file.Path
import java.sql.DriverManager

class ClusterTemplateSpec extends Specification {

    @TempDir
    Path work

    def 'A new folder becomes a database of its own, #durability'() {
        given: 'a database started on a new folder, holding a table'
            def first = work.resolve('first')
            withDatabase(first, durable) { sql -> sql.execute('CREATE TABLE only_in_first (note text)') }
        when: 'a second database is started on another new folder'
            def tables = null
            withDatabase(work.resolve('second'), durable) { sql ->
                def rows = sql.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename = 'only_in_first'")
                rows.next()
                tables = rows.getInt(1)
            }
        then: 'the second does not see the first one\'s table: each folder is a copy, not a link'
            tables == 0
        and: 'the first folder is a whole cluster, no copy under way, readable by its owner only'
            ClusterTemplate.holdsCluster(first)
            Files.getPosixFilePermissions(first)*.toString().sort() == ['OWNER_EXECUTE', 'OWNER_READ', 'OWNER_WRITE']
        where: 'the databases are'
            durability    | durable
            'durable'     | true
            'not durable' | false
    }

    def 'A copy interrupted before its end is made again at the next start'() {
        given: 'a folder left by a copy that was killed: its marker, part of the files, no PG_VERSION'
            def folder = Files.createDirectories(work.resolve('interrupted'))
            Files.createFile(folder.resolve('.copying-cluster-template'))
            Files.createDirectories(folder.resolve('base'))
            Files.writeString(folder.resolve('base/half-written'), 'x')
        when: 'the database is started on it'
            def answer = null
            withDatabase(folder, false) { sql ->
                def rows = sql.executeQuery('SELECT 1')
                rows.next()
                answer = rows.getInt(1)
            }
        then: 'it starts and answers, from a whole copy without the old part'
            answer == 1
            ClusterTemplate.holdsCluster(folder)
            !Files.exists(folder.resolve('base/half-written'))
    }

    def 'A folder holding other files is refused and left as it is'() {
        given: 'a folder with a file of its own and no database'
            def folder = Files.createDirectories(work.resolve('taken'))
            Files.writeString(folder.resolve('notes.txt'), 'mine')
        when: 'the database is started on it'
            EmbeddedPostgresServer.start(EmbeddedPostgresProperties.durableIn(folder.toString()).notDurable())
        then: 'the start fails, saying why and where'
            def failure = thrown(EmbeddedPostgresException)
            failure.message == ("The data folder ${folder} could not be initialised: "
                + 'the folder is not empty and holds no PostgreSQL database')
        and: 'the file is untouched and nothing was added'
            Files.readString(folder.resolve('notes.txt')) == 'mine'
            Files.list(folder).withCloseable { it.count() } == 1
    }

    static void withDatabase(Path folder, boolean durable, Closure<?> work) {
        def properties = EmbeddedPostgresProperties.durableIn(folder.toString())
        def embeddedPostgres = EmbeddedPostgresServer.start(durable ? properties : properties.notDurable())
        try {
            DriverManager.getConnection(embeddedPostgres.jdbcUrl(), embeddedPostgres.username(), '').withCloseable {
                connection -> connection.createStatement().withCloseable { work.call(it) }
            }
        } finally {
            embeddedPostgres.close()
        }
    }
}
