package io.cpsng.dmistub

import java.nio.file.Files
import java.nio.file.Path
import java.util.stream.Collectors
import spock.lang.Specification

/**
 * The committed module-set files are the generator's output. To change the module sets, edit ModuleSetGenerator
 * and run: ./mvnw -pl dmi-stub verify -DregenerateModuleSets=true
 */
class GeneratedFilesSpec extends Specification {

    static final Path WIREMOCK_ROOT = Path.of('src/main/resources/wiremock')
    static final List<String> GENERATED_FOLDERS = ['__files/module-references', '__files/module-resources']
    static final List<String> GENERATED_MAPPING_PREFIXES = ['mappings/modules-', 'mappings/module-resources-']

    def setupSpec() {
        if (Boolean.getBoolean('regenerateModuleSets')) {
            generatedFilesOnDisk().each { Files.delete(WIREMOCK_ROOT.resolve(it)) }
            ModuleSetGenerator.writeTo(WIREMOCK_ROOT)
        }
    }

    def 'Every generated file is committed as the generator writes it.'() {
        given: 'what the generator writes'
            def generatedFiles = ModuleSetGenerator.generatedFiles()
        expect: 'each file on disk with the same content'
            generatedFiles.every { relativePath, content -> Files.readString(WIREMOCK_ROOT.resolve(relativePath)) == content }
    }

    def 'No generated file is left over from an earlier version of the generator.'() {
        expect: 'the generated folders and mappings hold only what the generator writes'
            generatedFilesOnDisk() == ModuleSetGenerator.generatedFiles().keySet()
    }

    private static Set<String> generatedFilesOnDisk() {
        Files.walk(WIREMOCK_ROOT).withCloseable { paths ->
            paths.filter { Files.isRegularFile(it) }
                .map { WIREMOCK_ROOT.relativize(it).toString().replace(File.separator, '/') }
                .filter { relativePath ->
                    GENERATED_FOLDERS.any { relativePath.startsWith(it + '/') }
                        || GENERATED_MAPPING_PREFIXES.any { relativePath.startsWith(it) } }
                .collect(Collectors.toCollection { new TreeSet<String>() })
        }
    }
}
