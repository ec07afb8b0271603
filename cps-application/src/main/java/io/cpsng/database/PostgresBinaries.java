package io.cpsng.database;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32C;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tukaani.xz.XZInputStream;

/**
 * The PostgreSQL programs of the io.zonky.test binaries jar, unpacked once per archive into the temporary folder
 * (shared by every process of this user, so a restart does not unpack again), and the command line that runs them.
 */
final class PostgresBinaries {

    private static final Logger LOGGER = LoggerFactory.getLogger(PostgresBinaries.class);
    private static final Path UNPACKED_ROOT = Path.of(System.getProperty("java.io.tmpdir"), "cps-ng-postgres");

    private static volatile PostgresBinaries unpacked;

    private final Path home;
    private final int majorVersion;

    private PostgresBinaries(final Path home) {
        this.home = home;
        this.majorVersion = readMajorVersion(home);
    }

    /** The binaries of the class path, unpacked on first use. */
    static PostgresBinaries get() {
        if (unpacked == null) {
            synchronized (PostgresBinaries.class) {
                if (unpacked == null) {
                    unpacked = new PostgresBinaries(unpack());
                }
            }
        }
        return unpacked;
    }

    int majorVersion() {
        return majorVersion;
    }

    /** The unpacked binaries' folder, where what is made from them once is kept too. */
    Path home() {
        return home;
    }

    /**
     * The command running one of the programs. PostgreSQL refuses to run as root: as root, the program runs in a user
     * namespace of its own (unshare -U), where it is not root but still owns the files root owns.
     */
    List<String> command(final String program, final List<String> arguments) {
        final List<String> command = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            command.addAll(List.of("unshare", "-U"));
        }
        command.add(home.resolve("bin").resolve(program).toString());
        command.addAll(arguments);
        return command;
    }

    private static Path unpack() {
        try (InputStream archiveStream = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary("Linux", architecture())) {
            final byte[] archive = archiveStream.readAllBytes();
            final Path home = UNPACKED_ROOT.resolve("PG-" + checksum(archive));
            return FolderMadeOnce.get(home, "bin/postgres", folder -> {
                LOGGER.info("Unpacking the PostgreSQL binaries into {}", home);
                extract(archive, folder);
            });
        } catch (final IOException unpackFailure) {
            throw new UncheckedIOException("The PostgreSQL binaries could not be unpacked into " + UNPACKED_ROOT,
                unpackFailure);
        }
    }

    private static void extract(final byte[] archive, final Path target) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(new ByteArrayInputStream(archive)))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                final Path path = target.resolve(entry.getName()).normalize();
                if (!path.startsWith(target)) {
                    throw new IOException("Archive entry outside its folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else if (entry.isLink()) {
                    Files.createLink(path, target.resolve(entry.getLinkName()).normalize());
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                } else {
                    Files.createDirectories(path.getParent());
                    Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(path, permissions(entry.getMode()));
                }
            }
        }
    }

    private static Set<PosixFilePermission> permissions(final int mode) {
        final Set<PosixFilePermission> permissions = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
        if ((mode & 0100) != 0) {
            permissions.addAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE,
                PosixFilePermission.OTHERS_EXECUTE));
        }
        return permissions;
    }

    private static int readMajorVersion(final Path home) {
        try {
            // "postgres (PostgreSQL) 17.6"
            final Process version = new ProcessBuilder(home.resolve("bin").resolve("postgres").toString(), "--version")
                .redirectErrorStream(true).start();
            final String output = new String(version.getInputStream().readAllBytes()).trim();
            version.waitFor();
            final String number = output.substring(output.lastIndexOf(' ') + 1);
            return Integer.parseInt(number.substring(0, number.indexOf('.')));
        } catch (final IOException | RuntimeException versionFailure) {
            throw new IllegalStateException("The PostgreSQL binaries in " + home + " do not run", versionFailure);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while checking the PostgreSQL binaries", interrupted);
        }
    }

    private static String architecture() {
        return "amd64".equals(System.getProperty("os.arch")) ? "x86_64" : System.getProperty("os.arch");
    }

    /**
     * Names the archive's unpacked copy, at every start. It tells one release's archive from another's, no more (the
     * name of a folder anyone can read the archive of): CRC-32C and length do that in 5 ms, a SHA-256 took about
     * 100 ms and 0.2 s of JIT compilation on the 15 MB archive.
     */
    private static String checksum(final byte[] bytes) {
        final CRC32C crc = new CRC32C();
        crc.update(bytes);
        return HexFormat.of().toHexDigits((int) crc.getValue()) + "-" + bytes.length;
    }
}
