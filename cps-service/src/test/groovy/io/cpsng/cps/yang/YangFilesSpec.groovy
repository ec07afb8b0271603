package io.cpsng.cps.yang

import io.cpsng.cps.api.exceptions.DataValidationException
import java.nio.charset.StandardCharsets
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream
import spock.lang.Specification

class YangFilesSpec extends Specification {

    static final String MODULE_A = 'module a { namespace "urn:a"; prefix a; }'
    static final String MODULE_B = 'module b { namespace "urn:b"; prefix b; }'

    def 'A YANG file named #fileName is one source keyed by its name.'() {
        expect: 'the file name maps to the decoded text'
            YangFiles.read(fileName, bytes(MODULE_A)) == [(fileName): MODULE_A]
        where:
            fileName << ['a.yang', 'a@2024-01-01.yang', 'UPPER.YANG', 'Mixed.Yang']
    }

    def 'A byte order mark at the start of a YANG file is dropped.'() {
        expect: 'the text without the mark'
            YangFiles.read('a.yang', bytes('\uFEFF' + MODULE_A)) == ['a.yang': MODULE_A]
    }

    def 'An archive yields its YANG entries keyed by base name: #scenario.'() {
        expect: 'the YANG entries, folders flattened'
            YangFiles.read('models.zip', zipOf(entries)) == expectedSources
        where:
            scenario                    | entries                                                      || expectedSources
            'entries at the top'        | ['a.yang': MODULE_A, 'b.yang': MODULE_B]                     || ['a.yang': MODULE_A, 'b.yang': MODULE_B]
            'nested folders'            | ['x/': null, 'x/y/a.yang': MODULE_A, 'z/b.yang': MODULE_B]   || ['a.yang': MODULE_A, 'b.yang': MODULE_B]
            'other files are ignored'   | ['README.md': '# models', 'a.yang': MODULE_A, 'b.txt': 'x']  || ['a.yang': MODULE_A]
            'extension in capitals'     | ['A.YANG': MODULE_A]                                         || ['A.YANG': MODULE_A]
            'macOS metadata is ignored' | ['a.yang': MODULE_A, '__MACOSX/._a.yang': 'resource fork']   || ['a.yang': MODULE_A]
    }

    def 'The archive extension is recognised in any case.'() {
        expect: 'the archive is read'
            YangFiles.read('MODELS.ZIP', zipOf(['a.yang': MODULE_A])) == ['a.yang': MODULE_A]
    }

    def 'A file with #scenario is rejected.'() {
        when: 'the file is read'
            YangFiles.read(fileName, bytes(MODULE_A))
        then: 'the unsupported type is reported with the expected extensions'
            def exception = thrown(DataValidationException)
            exception.message == 'Unsupported file type.'
            exception.details == "Filename ${fileName} matches none of expected extensions: [.yang, .zip]"
        where:
            scenario              | fileName
            'another extension'   | 'a.txt'
            'no extension'        | 'yang'
            'yang inside the name'| 'a.yang.txt'
            'a blank name'        | '  '
            'no name'             | null
    }

    def 'An archive without YANG entries is rejected.'() {
        when: 'the archive is read'
            YangFiles.read('models.zip', zipOf(entries))
        then: 'it is reported as holding no YANG resources'
            def exception = thrown(DataValidationException)
            exception.message == 'Archive contains no YANG resources.'
            exception.details == 'Archive models.zip contains no *.yang entries'
        where:
            entries << [['README.md': 'text', 'folder/': null], [:]]
    }

    def 'An archive with two YANG entries of the same base name is rejected.'() {
        when: 'the archive is read'
            YangFiles.read('models.zip', zipOf(['one/a.yang': MODULE_A, 'two/a.yang': MODULE_B]))
        then: 'both entries are named'
            def exception = thrown(DataValidationException)
            exception.message == 'Duplicate YANG resource name in archive.'
            exception.details == 'Archive models.zip has more than one entry named a.yang: one/a.yang and two/a.yang'
    }

    def 'A file that is not a valid zip archive is rejected: #scenario.'() {
        when: 'the archive is read'
            YangFiles.read('models.zip', content)
        then: 'it is reported as invalid'
            def exception = thrown(DataValidationException)
            exception.message == 'Invalid zip archive.'
            exception.details.startsWith('Archive models.zip ')
        where:
            scenario          | content
            'not a zip'       | bytes(MODULE_A)
            'empty'           | new byte[0]
            'no content'      | null
            'truncated'       | Arrays.copyOf(zipOf(['a.yang': MODULE_A * 50]), 60)
    }

    def 'An archive with more entries than the limit is rejected.'() {
        given: 'an archive of 10,001 small entries'
            def entries = (1..10_001).collectEntries { ["file${it}.txt", ''] }
        when: 'the archive is read'
            YangFiles.read('many.zip', zipOf(entries))
        then: 'the entry count limit is named'
            def exception = thrown(DataValidationException)
            exception.message == 'Archive exceeds the entry count limit.'
            exception.details == 'Archive many.zip has more than 10000 entries'
    }

    def 'An entry that inflates more than 100 times its compressed size is rejected, #scenario.'() {
        given: 'an archive with a megabyte of one character, which deflates to about a kilobyte'
            def archive = zipOf([(entryName): 'x' * 1_000_000])
        when: 'the archive is read'
            YangFiles.read('bomb.zip', archive)
        then: 'the compression ratio limit is named, with the entry'
            def exception = thrown(DataValidationException)
            exception.message == 'Archive exceeds the compression ratio limit.'
            exception.details == "Entry ${entryName} in archive bomb.zip expands more than 100 times its compressed size"
        where:
            scenario                     | entryName
            'a YANG entry'               | 'models/bomb.yang'
            'an entry that is not read'  | 'bomb.txt'
    }

    def 'An archive that inflates to more than the total limit is rejected.'() {
        given: 'limits of 1,000 bytes in all, and two entries of 600 bytes'
            def zipLimits = new YangFiles.ZipLimits(10, 1_000, 100, 64 * 1024)
            def archive = zipOf(['a.yang': 'a' * 600, 'b.yang': 'b' * 600])
        when: 'the archive is read'
            YangFiles.read('big.zip', archive, zipLimits)
        then: 'the total size limit is named'
            def exception = thrown(DataValidationException)
            exception.message == 'Archive exceeds the total uncompressed size limit.'
            exception.details == 'Archive big.zip expands to more than 1000 bytes'
    }

    def 'The default archive limits are 10,000 entries, 100 MB in all and a ratio of 100 above 64 KB.'() {
        expect: 'the documented limits'
            YangFiles.ZipLimits.DEFAULT == new YangFiles.ZipLimits(10_000, 100L * 1024 * 1024, 100, 64 * 1024)
    }

    static byte[] bytes(String text) {
        text.getBytes(StandardCharsets.UTF_8)
    }

    /** A zip archive of the entries; a null content makes a folder entry. */
    static byte[] zipOf(Map<String, String> entries) {
        def archive = new ByteArrayOutputStream()
        new ZipOutputStream(archive).withCloseable { zip ->
            entries.each { name, content ->
                zip.putNextEntry(new ZipEntry(name))
                if (content != null) {
                    zip.write(bytes(content))
                }
                zip.closeEntry()
            }
        }
        archive.toByteArray()
    }
}
