package dev.fortuna.server;

import dev.fortuna.protocol.Lobby;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The database alone under the server's write load ({@code loadtest --store-only}): {@code games} games append
 * actions through {@link Store#appendAction} at {@code rate} actions per second in all, each game's next action a
 * think time after its last was committed (as a person waits for the acknowledgement), a game that reaches its last
 * ply stores its record ({@link Store#finish}) and is replaced by a new one ({@link Store#insertGame}). Without the
 * server's sockets, engine and clients the run takes about a core, so a change of the store can be measured on a
 * machine too busy for the whole load test, and over long enough for the file to grow: it prints, every ten
 * seconds, the commits per second, their latency, and the size of the database file (H2).
 *
 * <p>The rows are the size of the real ones: an action of about 100 characters of JSON, a record of 72 of them.
 */
public final class StoreLoad {
    /** Plies of one game before it finishes and is replaced. */
    static final int PLIES = 72;
    private static final String ACTION = "{\"type\":\"placeTile\",\"position\":{\"x\":12,\"y\":-3},"
            + "\"rotation\":\"R90\",\"follower\":null,\"pad\":\"0123456789abcdef012\"}";

    private StoreLoad() {
    }

    /**
     * Runs for {@code seconds} on {@code jdbcUrl}, or on H2 in a temporary directory (deleted afterwards) when it
     * is null; {@code out} gets a line every ten seconds.
     */
    public static void run(String jdbcUrl, int games, double rate, int seconds, Consumer<String> out)
            throws Exception {
        if (games < 1 || !(rate > 0) || seconds < 10) {
            throw new IllegalArgumentException("needs at least one game, a positive rate and 10 seconds");
        }
        Path tmp = jdbcUrl == null ? Files.createTempDirectory("fortuna-storeload-") : null;
        String url = jdbcUrl != null ? jdbcUrl : ServerConfig.h2(tmp);
        Path file = tmp == null ? null : tmp.resolve("fortuna.mv.db");
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        // Each waiting append holds a thread, as a request thread waits for its game's write in the server.
        ExecutorService appenders = Executors.newFixedThreadPool(Math.min(games, 256));
        try (Store store = new Store(url)) {
            try {
                String record = "[" + String.join(",", java.util.Collections.nCopies(PLIES, ACTION)) + "]";
                List<String> draws = java.util.Collections.nCopies(PLIES, "T");
                long meanThinkNanos = (long) (games * 1e9 / rate);
                LatencyHistogram latency = new LatencyHistogram();
                AtomicLong sequence = new AtomicLong(), failures = new AtomicLong();
                SplittableRandom seeds = new SplittableRandom(1);
                final class Game implements Runnable {
                    final SplittableRandom random = seeds.split();
                    String id;
                    int ply;

                    void create() throws Exception {
                        id = "storeload-" + sequence.incrementAndGet() + "-" + Long.toHexString(random.nextLong());
                        ply = 0;
                        store.insertGame(id, "{}", draws, Lobby.Status.RUNNING, null, null, null, null,
                                System.currentTimeMillis(), List.of(
                                        new Store.SeatRow(0, Lobby.SeatKind.PERSON, null, "a", "0", true, false, false,
                                                false),
                                        new Store.SeatRow(1, Lobby.SeatKind.PERSON, null, "b", "1", true, false, false,
                                                false)));
                    }

                    @Override
                    public void run() {
                        try {
                            long t0 = System.nanoTime();
                            store.appendAction(id, new Store.ActionRow(ply, ply % 2, ACTION, id + "/" + ply,
                                    System.currentTimeMillis(), null), id);
                            latency.record(System.nanoTime() - t0);
                            if (++ply == PLIES) {
                                store.finish(id, record);
                                create();
                            }
                        } catch (Exception e) {
                            failures.incrementAndGet();
                        }
                        schedule((long) (meanThinkNanos * (0.5 + random.nextDouble())));
                    }

                    void schedule(long nanos) {
                        if (!timer.isShutdown()) {
                            timer.schedule(() -> appenders.execute(this), nanos, TimeUnit.NANOSECONDS);
                        }
                    }
                }
                List<Game> all = new ArrayList<>();
                for (int i = 0; i < games; i++) {
                    Game g = new Game();
                    g.create();
                    g.ply = i % (PLIES - 2); // spread the games' ends over time
                    all.add(g);
                }
                out.accept(String.format(Locale.ROOT, "store only      %d games, %.0f actions/s offered, on %s", games,
                        rate, tmp != null ? "H2 (file, " + tmp + ")" : url.replaceAll("password=[^&]*", "password=…")));
                all.forEach(g -> g.schedule((long) (g.random.nextDouble() * meanThinkNanos)));
                for (int s = 10; s <= seconds; s += 10) {
                    Thread.sleep(10_000);
                    LatencyHistogram w = latency.takeWindow();
                    out.accept(String.format(Locale.ROOT, "%5d s  %5.0f commits/s  p50 %6.2f  p99 %7.2f  max %7.2f ms"
                                    + "%s%s", s, w.count() / 10.0, w.quantileMs(0.5), w.quantileMs(0.99),
                            w.max() / 1e6, file == null ? "" : "  file " + (Files.size(file) >> 20) + " MB",
                            failures.get() == 0 ? "" : "  failures " + failures.get()));
                }
            } finally {
                // Before the store closes: no append may be waiting on it then.
                timer.shutdownNow();
                appenders.shutdownNow();
                appenders.awaitTermination(10, TimeUnit.SECONDS);
            }
        } finally {
            if (tmp != null) {
                Chaos.deleteTree(tmp);
            }
        }
    }
}
