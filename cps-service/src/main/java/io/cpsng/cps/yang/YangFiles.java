package io.cpsng.cps.yang;

import io.cpsng.cps.api.exceptions.DataValidationException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Reads uploaded YANG resources: a single .yang file or a .zip archive of them.
 * Archives are untrusted: sizes are measured while inflating, never taken from the entry headers.
 */
public final class YangFiles {

    private static final String YANG_EXTENSION = ".yang";
    private static final String ZIP_EXTENSION = ".zip";
    private static final String MAC_OS_METADATA_FOLDER = "__MACOSX/";
    private static final char BYTE_ORDER_MARK = '\uFEFF';
    private static final int BUFFER_SIZE = 8192;

    private YangFiles() {
    }

    /** The YANG sources in the file, keyed by file name (archive folders flattened). */
    public static Map<String, String> read(final String fileName, final byte[] content) {
        return read(fileName, content, ZipLimits.DEFAULT);
    }

    static Map<String, String> read(final String fileName, final byte[] content, final ZipLimits zipLimits) {
        final byte[] bytes = content == null ? new byte[0] : content;
        if (hasExtension(fileName, YANG_EXTENSION)) {
            final Map<String, String> yangSources = new LinkedHashMap<>();
            yangSources.put(fileName, decode(bytes));
            return yangSources;
        }
        if (hasExtension(fileName, ZIP_EXTENSION)) {
            return new ArchiveReader(fileName, zipLimits).read(bytes);
        }
        throw new DataValidationException("Unsupported file type.",
            "Filename " + fileName + " matches none of expected extensions: [" + YANG_EXTENSION + ", "
                + ZIP_EXTENSION + "]");
    }

    private static boolean hasExtension(final String fileName, final String extension) {
        return fileName != null && !fileName.isBlank()
            && fileName.toLowerCase(Locale.ROOT).endsWith(extension);
    }

    /** Lenient like the reference system: malformed bytes become U+FFFD and the parser reports where. */
    private static String decode(final byte[] bytes) {
        final String text = new String(bytes, StandardCharsets.UTF_8);
        return !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
    }

    /**
     * Limits that keep a hostile archive from exhausting memory or CPU. The ratio is only checked once an
     * entry has inflated beyond ratioCheckThreshold bytes, as tiny entries compress badly by nature.
     */
    record ZipLimits(int maxEntries, long maxTotalBytes, int maxCompressionRatio, long ratioCheckThreshold) {
        static final ZipLimits DEFAULT = new ZipLimits(10_000, 100L * 1024 * 1024, 100, 64 * 1024);
    }

    /** One pass over an archive, tracking what has been inflated so far against the limits. */
    private static final class ArchiveReader {
        private final String archiveName;
        private final ZipLimits zipLimits;
        private final Map<String, String> yangSources = new LinkedHashMap<>();
        private final Map<String, String> entryNameByFileName = new LinkedHashMap<>();
        private int entryCount;
        private long totalBytes;

        ArchiveReader(final String archiveName, final ZipLimits zipLimits) {
            this.archiveName = archiveName;
            this.zipLimits = zipLimits;
        }

        Map<String, String> read(final byte[] archive) {
            verifyZipSignature(archive);
            final CountingInputStream compressedInput = new CountingInputStream(new ByteArrayInputStream(archive));
            try (ZipInputStream zipInput = new ZipInputStream(compressedInput, StandardCharsets.UTF_8)) {
                ZipEntry zipEntry;
                while ((zipEntry = zipInput.getNextEntry()) != null) {
                    countEntry();
                    readEntry(zipEntry, zipInput, compressedInput);
                }
            } catch (final IOException | IllegalArgumentException corrupt) {
                throw new DataValidationException("Invalid zip archive.",
                    "Archive " + archiveName + " cannot be read: " + corrupt.getMessage(), corrupt);
            }
            if (yangSources.isEmpty()) {
                throw new DataValidationException("Archive contains no YANG resources.",
                    "Archive " + archiveName + " contains no *" + YANG_EXTENSION + " entries");
            }
            return yangSources;
        }

        private void verifyZipSignature(final byte[] archive) {
            final boolean localFileHeader = archive.length >= 4 && archive[0] == 'P' && archive[1] == 'K'
                && archive[2] == 3 && archive[3] == 4;
            final boolean emptyArchive = archive.length >= 4 && archive[0] == 'P' && archive[1] == 'K'
                && archive[2] == 5 && archive[3] == 6;
            if (!localFileHeader && !emptyArchive) {
                throw new DataValidationException("Invalid zip archive.",
                    "Archive " + archiveName + " is not a zip file");
            }
        }

        private void countEntry() {
            entryCount++;
            if (entryCount > zipLimits.maxEntries()) {
                throw limitExceeded("entry count",
                    "Archive " + archiveName + " has more than " + zipLimits.maxEntries() + " entries");
            }
        }

        private void readEntry(final ZipEntry zipEntry, final ZipInputStream zipInput,
                               final CountingInputStream compressedInput) throws IOException {
            if (zipEntry.isDirectory()) {
                return;
            }
            final String entryName = zipEntry.getName();
            final boolean yangEntry = entryName.toLowerCase(Locale.ROOT).endsWith(YANG_EXTENSION)
                && !entryName.startsWith(MAC_OS_METADATA_FOLDER);
            // Entries we ignore are still inflated (getNextEntry would do it anyway), so they count too.
            final ByteArrayOutputStream content = new ByteArrayOutputStream();
            inflate(entryName, zipInput, compressedInput, yangEntry ? content : OutputStream.nullOutputStream());
            if (yangEntry) {
                addYangSource(entryName, decode(content.toByteArray()));
            }
        }

        private void inflate(final String entryName, final InputStream zipInput,
                             final CountingInputStream compressedInput, final OutputStream content)
            throws IOException {
            final long compressedStart = compressedInput.count();
            final byte[] buffer = new byte[BUFFER_SIZE];
            long entryBytes = 0;
            int read;
            while ((read = zipInput.read(buffer)) != -1) {
                entryBytes += read;
                totalBytes += read;
                if (totalBytes > zipLimits.maxTotalBytes()) {
                    throw limitExceeded("total uncompressed size", "Archive " + archiveName
                        + " expands to more than " + zipLimits.maxTotalBytes() + " bytes");
                }
                // The zip reader reads ahead by up to 512 bytes, so this is an estimate; above the threshold
                // that error is small, and an entry that small inflating that far is over the ratio anyway.
                final long compressedBytes = Math.max(1, compressedInput.count() - compressedStart);
                if (entryBytes > zipLimits.ratioCheckThreshold()
                    && entryBytes > compressedBytes * zipLimits.maxCompressionRatio()) {
                    throw limitExceeded("compression ratio", "Entry " + entryName + " in archive " + archiveName
                        + " expands more than " + zipLimits.maxCompressionRatio() + " times its compressed size");
                }
                content.write(buffer, 0, read);
            }
        }

        private void addYangSource(final String entryName, final String yangSource) {
            final String fileName = baseName(entryName);
            final String previousEntryName = entryNameByFileName.putIfAbsent(fileName, entryName);
            if (previousEntryName != null) {
                throw new DataValidationException("Duplicate YANG resource name in archive.",
                    "Archive " + archiveName + " has more than one entry named " + fileName + ": "
                        + previousEntryName + " and " + entryName);
            }
            yangSources.put(fileName, yangSource);
        }

        private static String baseName(final String entryName) {
            final int lastSeparator = Math.max(entryName.lastIndexOf('/'), entryName.lastIndexOf('\\'));
            return entryName.substring(lastSeparator + 1);
        }

        private static DataValidationException limitExceeded(final String limitName, final String details) {
            return new DataValidationException("Archive exceeds the " + limitName + " limit.", details);
        }
    }

    /** Counts the compressed bytes the zip reader has consumed. */
    private static final class CountingInputStream extends FilterInputStream {
        private long count;

        CountingInputStream(final InputStream input) {
            super(input);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            final int read = super.read();
            if (read != -1) {
                count++;
            }
            return read;
        }

        @Override
        public int read(final byte[] buffer, final int offset, final int length) throws IOException {
            final int read = super.read(buffer, offset, length);
            if (read > 0) {
                count += read;
            }
            return read;
        }

        @Override
        public long skip(final long length) throws IOException {
            final long skipped = super.skip(length);
            count += skipped;
            return skipped;
        }
    }
}
