package dev.fortuna.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port, that the test may stop and
 * start at will (the machine's shared server on 5432 is never touched). It runs Debian's server binaries
 * ({@code /usr/lib/postgresql/VERSION/bin}, the newest; {@code FORTUNA_TEST_PG_BIN} names another directory). The
 * server refuses to run as root: under root the cluster belongs to the user {@code postgres} and every command
 * runs as that user ({@code runuser}).
 */
final class PrivatePostgres implements AutoCloseable {
    private final Path bin, dir, data;
    final int port;
    private final boolean asPostgres;

    private PrivatePostgres(Path bin, Path dir, int port, boolean asPostgres) {
        this.bin = bin;
        this.dir = dir;
        this.data = dir.resolve("data");
        this.port = port;
        this.asPostgres = asPostgres;
    }

    /** Creates a cluster (trust authentication, no fsync: a test's data) and starts it. */
    static PrivatePostgres start() throws Exception {
        Path bin = binaries();
        Path dir = Files.createTempDirectory("fortuna-pg-");
        boolean root = "root".equals(System.getProperty("user.name"));
        PrivatePostgres pg = new PrivatePostgres(bin, dir, Chaos.freePort(), root);
        if (root) {
            run(List.of("chown", "postgres:postgres", dir.toString()));
        }
        run(pg.command("initdb", "-D", pg.data.toString(), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                "--no-sync"));
        pg.startServer();
        return pg;
    }

    /** The directory of initdb and pg_ctl; fails (never skips) when there is none. */
    static Path binaries() throws IOException {
        String given = System.getenv("FORTUNA_TEST_PG_BIN");
        if (given != null) {
            return Path.of(given);
        }
        Path lib = Path.of("/usr/lib/postgresql");
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(lib)) {
            try (Stream<Path> s = Files.list(lib)) {
                s.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb"))
                        && Files.isExecutable(b.resolve("pg_ctl"))).forEach(found::add);
            }
        }
        found.sort(Comparator.comparing(p -> versionKey(p.getParent().getFileName().toString())));
        if (found.isEmpty()) {
            throw new IllegalStateException("no PostgreSQL server binaries (initdb, pg_ctl) under "
                    + "/usr/lib/postgresql/*/bin: install Debian's postgresql package (.ci/run does), or name the "
                    + "directory in FORTUNA_TEST_PG_BIN");
        }
        return found.get(found.size() - 1);
    }

    private static String versionKey(String v) {
        try {
            return String.format("%08d", Integer.parseInt(v.replaceAll("\\..*", "")));
        } catch (NumberFormatException e) {
            return v;
        }
    }

    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    /** Starts the server and waits until it accepts connections. */
    void startServer() throws Exception {
        run(command("pg_ctl", "-D", data.toString(), "-l", dir.resolve("log").toString(), "-w", "-t", "60", "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"));
    }

    /** Stops it at once, the way a crash would: no checkpoint, every connection cut. */
    void stopImmediately() throws Exception {
        run(command("pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop"));
    }

    @Override
    public void close() throws Exception {
        try {
            stopImmediately();
        } catch (Exception e) {
            // already stopped
        }
        TestDatabases.deleteTree(dir);
    }

    private List<String> command(String tool, String... args) {
        List<String> cmd = new ArrayList<>();
        if (asPostgres) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.add(bin.resolve(tool).toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static void run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(90, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n"
                    + new String(out, StandardCharsets.UTF_8));
        }
    }
}
