package dev.fortuna.server;

import java.nio.file.Path;

/**
 * How a server runs.
 *
 * @param host        the address to listen on
 * @param port        the port (0: any free port)
 * @param jdbcUrl     the database: an H2 file URL (default {@link #h2(Path)}) or {@code jdbc:postgresql://…}
 * @param botThreads  the bounded pool that plays every bot decision of every game
 * @param botMillis   the longest a bot may think about one decision (on top of its level's iteration limit)
 * @param botDelayMillis a pause before each bot decision, so that people can follow a game of bots
 * @param shuffleSeed for tests only: every game's pile is shuffled from this seed instead of a secure random
 *                    source (null, the default)
 */
public record ServerConfig(String host, int port, String jdbcUrl, int botThreads, long botMillis,
                           long botDelayMillis, Long shuffleSeed) {
    public ServerConfig {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0 to 65535, not " + port);
        }
        if (botThreads < 1) {
            throw new IllegalArgumentException("botThreads must be at least 1, not " + botThreads);
        }
        if (botMillis < 1 || botDelayMillis < 0) {
            throw new IllegalArgumentException("botMillis must be positive and botDelayMillis not negative");
        }
    }

    /**
     * The embedded database in {@code dir} (created when missing), with H2's default write delay and its background
     * compaction turned off ({@code AUTO_COMPACT_FILL_RATE=0}): the store writes every commit to the file itself
     * before answering it, and compacts the file itself in small steps between those writes (see {@code Store}).
     */
    public static String h2(Path dir) {
        return "jdbc:h2:file:" + dir.toAbsolutePath().resolve("fortuna")
                + ";RETENTION_TIME=2000;AUTO_COMPACT_FILL_RATE=0";
    }

    /** Defaults: all interfaces, H2 in {@code dir}, one bot thread per core but one, 1 s per bot decision. */
    public static ServerConfig defaults(int port, Path dir) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        return new ServerConfig("0.0.0.0", port, h2(dir), threads, 1000, 0, null);
    }

    public ServerConfig withJdbcUrl(String url) {
        return new ServerConfig(host, port, url, botThreads, botMillis, botDelayMillis, shuffleSeed);
    }

    public ServerConfig withBotDelayMillis(long ms) {
        return new ServerConfig(host, port, jdbcUrl, botThreads, botMillis, ms, shuffleSeed);
    }

    public ServerConfig withShuffleSeed(Long seed) {
        return new ServerConfig(host, port, jdbcUrl, botThreads, botMillis, botDelayMillis, seed);
    }

    public ServerConfig withHost(String h) {
        return new ServerConfig(h, port, jdbcUrl, botThreads, botMillis, botDelayMillis, shuffleSeed);
    }
}
