package io.cpsng.deployment

import spock.lang.Specification
import spock.lang.TempDir

import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.PosixFilePermissions

/**
 * demo.sh and .ci/run choose their JDK with scripts/select-jdk.sh: run here in bash, as they run it, with
 * fake JDKs that only answer the version question.
 */
class DemoScriptSpec extends Specification {

    static final Path PROJECT_ROOT = Path.of('..').toAbsolutePath().normalize()

    @TempDir
    Path jdks

    def 'A JAVA_HOME of Java #javaHomeVersion is #scenario'() {
        given: 'JAVA_HOME at a JDK #javaHomeVersion and a JDK 25 among the installed ones'
            def javaHome = fakeJdk('home', javaHomeVersion)
            def installed = [fakeJdk('old', 17), fakeJdk('new', 25)]
        when: 'the JDK is selected'
            def result = selectJdk(javaHome, installed)
        then: 'it succeeds with the expected JDK'
            result.exitCode == 0
            result.javaHome == (kept ? javaHome : installed[1]).toString()
        where:
            scenario                      | javaHomeVersion || kept
            'kept when 21 or newer'       | 21              || true
            'replaced by a newer one'     | 17              || false
    }

    def 'Without a JDK 21 or newer the selection says what is missing and fails'() {
        when: 'only JDK 17 is there'
            def result = selectJdk(fakeJdk('home', 17), [fakeJdk('old', 11)])
        then: 'it exits non-zero'
            result.exitCode != 0
        and: 'it says what to install'
            result.errors.contains('No JDK 21 or newer found')
    }

    def 'demo.sh selects the JDK before running java and starts the service with ExitOnOutOfMemoryError'() {
        given: 'the lines of demo.sh'
            def lines = Files.readAllLines(PROJECT_ROOT.resolve('demo.sh'))
        expect: 'the JDK is selected before the first build or java command'
            def selection = lines.findIndexOf { it.trim() == 'select_jdk' }
            selection >= 0
            selection < lines.findIndexOf { it.startsWith('./mvnw') || it.startsWith('java ') }
        and: 'the service runs with the flag that makes it exit when out of memory'
            lines.any { it.startsWith('java -XX:+ExitOnOutOfMemoryError') && it.contains('service_launch') }
    }

    Map selectJdk(Path javaHome, List<Path> installed) {
        def command = 'source scripts/select-jdk.sh && select_jdk && printf %s "$JAVA_HOME"'
        def process = new ProcessBuilder('bash', '-c', command).directory(PROJECT_ROOT.toFile())
        process.environment().putAll(JAVA_HOME: javaHome.toString(), JDK_SEARCH_DIRS: installed.join(' '))
        def started = process.start()
        def output = started.inputStream.text
        def errors = started.errorStream.text
        [exitCode: started.waitFor(), javaHome: output, errors: errors]
    }

    /** A folder with bin/java and bin/javac that report the given specification version, as a JDK does. */
    Path fakeJdk(String name, int version) {
        def bin = Files.createDirectories(jdks.resolve(name).resolve('bin'))
        ['java', 'javac'].each {
            def tool = bin.resolve(it)
            Files.writeString(tool, "#!/bin/sh\necho '    java.specification.version = ${version}' >&2\n")
            Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString('rwxr-xr-x'))
        }
        jdks.resolve(name)
    }
}
