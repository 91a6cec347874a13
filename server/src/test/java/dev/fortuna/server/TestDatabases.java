package dev.fortuna.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Databases for tests: H2 in a fresh temporary directory, or a PostgreSQL database of its own, created on the
 * server named by the environment variable {@code FORTUNA_TEST_PG_URL} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}) under a unique name and dropped afterwards, so
 * that parallel runs never meet.
 */
final class TestDatabases {
    static final String PG_ADMIN_URL = System.getenv().getOrDefault("FORTUNA_TEST_PG_URL",
            "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");

    private TestDatabases() {
    }

    /** A database for one test class; {@link #close()} removes it. */
    interface Db extends AutoCloseable {
        String url();

        @Override
        void close();
    }

    static Db h2() throws IOException {
        Path dir = Files.createTempDirectory("fortuna-h2-");
        return new Db() {
            public String url() {
                return ServerConfig.h2(dir);
            }

            public void close() {
                deleteTree(dir);
            }
        };
    }

    static Db postgres() throws SQLException {
        String name = "fortuna_test_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = DriverManager.getConnection(PG_ADMIN_URL); Statement s = c.createStatement()) {
            s.execute("create database " + name);
        }
        String url = withDatabase(PG_ADMIN_URL, name);
        return new Db() {
            public String url() {
                return url;
            }

            public void close() {
                try (Connection c = DriverManager.getConnection(PG_ADMIN_URL); Statement s = c.createStatement()) {
                    s.execute("drop database if exists " + name + " with (force)");
                } catch (SQLException e) {
                    throw new IllegalStateException("could not drop test database " + name, e);
                }
            }
        };
    }

    /** The admin URL with its database name replaced: jdbc:postgresql://host:port/DB?params. */
    static String withDatabase(String url, String db) {
        int slash = url.indexOf('/', "jdbc:postgresql://".length());
        int q = url.indexOf('?', slash);
        return url.substring(0, slash + 1) + db + (q < 0 ? "" : url.substring(q));
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new IllegalStateException("could not delete " + dir, e);
        }
    }
}
