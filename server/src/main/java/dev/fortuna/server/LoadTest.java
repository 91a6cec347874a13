package dev.fortuna.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The load generator: starts a server on a free loopback port and keeps {@code games} games running at once, each
 * of two scripted people (or of one person against a server bot) connected over real WebSockets; a game that ends
 * is replaced by a new one, so the load stays steady.
 *
 * <p><b>Open loop</b> (a positive {@link Options#rate}): the people act at an offered rate, spread over the games
 * by each game's {@link RateSchedule} (think times), whether or not the server keeps up. Latency is measured from
 * the actual send and from the intended send time (the latter counts the time a person waited for a late answer:
 * no coordinated omission). The run declares that the server did not keep up when it acknowledged less than
 * {@link #KEPT_UP} of the offered rate. <b>Closed loop</b> (rate 0): every person acts the moment it can, which
 * finds the most the server does at once, but its latencies are mostly queueing.
 *
 * <p>A warm-up (not counted) precedes the measured period, which may be cut into windows (the soak: each window's
 * figures and the process's gauges — heap after a full GC, threads, WebSocket sessions, pool connections, open
 * files — at its end). A sample belongs to the window in which its answer arrived.
 */
public final class LoadTest {
    /** A run kept up when it acknowledged at least this share of the offered rate. */
    static final double KEPT_UP = 0.95;
    /**
     * The most a person may offer per second: half the server's flood limit per connection, since think times
     * run down to half the mean and a person sometimes decides twice in a row (placement, then follower).
     */
    static final double MAX_PERSON_RATE = FortunaServer.MESSAGES_PER_SECOND / 2;
    /** How long a person waits before sending a throttled action again (same client action id). */
    static final long THROTTLED_RETRY_MS = 100;
    /** The most a first game may be played before the run (a base game has more plies than this). */
    public static final int MAX_START_PLIES = 70;
    /** How many refusals and errors are printed on stderr (all are counted). */
    static final int PRINTED_PROBLEMS = 5;

    /**
     * What to run.
     *
     * @param games         games at once
     * @param botGames      how many of them are one person against a server bot (the rest: two people)
     * @param bot           the bot of those games (random, greedy, mcts:…)
     * @param rate          actions per second offered by all people together; 0: closed loop
     * @param warmupSeconds played but not counted
     * @param seconds       the measured period
     * @param windowSeconds the length of one window of the measured period; 0: one window
     * @param jdbcUrl       a PostgreSQL database, or null: H2 in a temporary directory, deleted afterwards
     * @param seed          the think times' random source
     * @param finishGames   when positive, the run also ends once this many games have finished (tests)
     * @param p99TargetMs   the soak's latency target: every window's p99 at most this
     * @param startPlies    each slot's first game is played to a ply drawn from 0 to this (exclusive) before the
     *                      run begins, so that the games are at every stage of play; 0: all start at ply 0
     */
    public record Options(int games, int botGames, String bot, double rate, double warmupSeconds, double seconds,
                          double windowSeconds, String jdbcUrl, long seed, int finishGames, double p99TargetMs,
                          int startPlies) {
        public Options {
            if (games < 1) {
                throw new IllegalArgumentException("games must be at least 1, not " + games);
            }
            if (botGames < 0 || botGames > games) {
                throw new IllegalArgumentException("bot games must be 0 to " + games + ", not " + botGames);
            }
            if (!(rate >= 0) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException("the rate must be 0 (closed loop) or positive, not " + rate);
            }
            if (!(warmupSeconds >= 0) || !(seconds > 0) || !(windowSeconds >= 0)) {
                throw new IllegalArgumentException("the warm-up must not be negative and the measured period must be "
                        + "positive");
            }
            if (windowSeconds > seconds) {
                throw new IllegalArgumentException("a window (" + windowSeconds + " s) cannot be longer than the "
                        + "measured period (" + seconds + " s)");
            }
            if (rate > 0 && personRate(games, botGames, rate) > MAX_PERSON_RATE) {
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%.0f actions/s over %d "
                        + "games is %.1f actions/s per person, above the %.0f the load generator offers a person "
                        + "(the server throttles a connection above %.0f messages/s); use at least %d games",
                        rate, games, personRate(games, botGames, rate), MAX_PERSON_RATE,
                        FortunaServer.MESSAGES_PER_SECOND, minGames(rate, botGames > 0)));
            }
            if (windows(seconds, windowSeconds) > 1 && windows(seconds, windowSeconds) < SoakVerdict.MIN_WINDOWS) {
                throw new IllegalArgumentException("a soak needs at least " + SoakVerdict.MIN_WINDOWS + " windows to "
                        + "judge a trend, not " + windows(seconds, windowSeconds));
            }
            if (!(p99TargetMs > 0)) {
                throw new IllegalArgumentException("the p99 target must be positive, not " + p99TargetMs);
            }
            if (startPlies < 0 || startPlies > MAX_START_PLIES) {
                throw new IllegalArgumentException("start plies must be 0 to " + MAX_START_PLIES + ", not "
                        + startPlies);
            }
            if (botGames > 0 && bot == null) {
                throw new IllegalArgumentException("games against a bot need the bot's name");
            }
        }

        public boolean closedLoop() {
            return rate == 0;
        }

        /** How many windows the measured period has (the last may be shorter). */
        public int windows() {
            return windows(seconds, windowSeconds);
        }

        private static int windows(double seconds, double windowSeconds) {
            return windowSeconds == 0 ? 1 : (int) Math.ceil(seconds / windowSeconds - 1e-9);
        }

        double windowLength() {
            return windowSeconds == 0 ? seconds : windowSeconds;
        }
    }

    /**
     * The mean actions per second of the busiest person: a game's rate is {@code rate / games}; two people share
     * it, but a person against a bot makes all of its game's scheduled decisions.
     */
    static double personRate(int games, int botGames, double rate) {
        return rate / games / (botGames > 0 ? 1 : 2);
    }

    /** The fewest games that keep every person at or below {@link #MAX_PERSON_RATE}. */
    static int minGames(double rate, boolean withBots) {
        return (int) Math.ceil(rate / MAX_PERSON_RATE / (withBots ? 1 : 2) - 1e-9);
    }

    /** Quantiles of one measure in milliseconds, and how many samples they rest on. */
    public record Latency(long count, double p50, double p90, double p99, double p999, double max) {
        static Latency of(LatencyHistogram h) {
            return new Latency(h.count(), h.quantileMs(0.5), h.quantileMs(0.9), h.quantileMs(0.99), h.quantileMs(0.999),
                    h.max() / 1e6);
        }
    }

    /**
     * The process at one moment, after a full GC: heap in use, live threads, the server's open WebSocket sessions
     * and the generator's open sockets, the database pool (connections open, lent out, threads waiting for one),
     * open file descriptors (-1 where the system does not tell), games in the server's memory by status, and the
     * server's count of applied actions (people's and bots').
     */
    public record Gauges(double atSecond, long heapAfterGc, int threads, int requestThreads, int serverSessions,
                         int clientSockets, int poolTotal, int poolActive, int poolWaiting, long openFiles,
                         int gamesOpen, int gamesRunning, int gamesFinished, long serverActions, CpuTimes cpu) {
        public int gamesInMemory() {
            return gamesOpen + gamesRunning + gamesFinished;
        }

        /** Threads outside Jetty's request pool (which is bounded, and grows and shrinks with the load). */
        public int otherThreads() {
            return threads - requestThreads;
        }
    }

    /**
     * CPU time used so far in nanoseconds: the whole process, and its live threads by role — the load generator's
     * (its clients, pacer and lobby), Jetty's request threads (the server's HTTP and WebSocket work), the database
     * writer (group commit) and the bots. The rest of the process (GC, the JIT compiler, threads that ended) is
     * {@code process} minus the parts. Also the garbage collections so far, the time they took (the JVM's own
     * account: pauses and concurrent phases) and the JIT compiler's time.
     */
    public record CpuTimes(long process, long generator, long requests, long writer, long bots, long gcCount,
                           long gcMillis, long jitMillis) {
    }

    /**
     * CPU per action applied by the server in microseconds (see {@link CpuTimes}), cores busy on average, and the
     * garbage collections and their milliseconds, and the JIT compiler's milliseconds, in the period.
     */
    public record CpuUse(double process, double generator, double requests, double writer, double bots,
                         double cores, long gcCount, long gcMillis, long jitMillis) {
        static CpuUse between(CpuTimes a, CpuTimes b, long actions, double seconds) {
            double n = Math.max(1, actions) * 1e3;
            return new CpuUse((b.process() - a.process()) / n, (b.generator() - a.generator()) / n,
                    (b.requests() - a.requests()) / n, (b.writer() - a.writer()) / n, (b.bots() - a.bots()) / n,
                    (b.process() - a.process()) / 1e9 / Math.max(1e-9, seconds), b.gcCount() - a.gcCount(),
                    b.gcMillis() - a.gcMillis(), b.jitMillis() - a.jitMillis());
        }
    }

    /**
     * One window of the measured period: the people's acknowledged actions and their rate, the server's applied
     * actions per second (with the bots'), latencies from send and from intended send to the acknowledgement and
     * to the other seat's receipt of the update, how late people sent (intended to actual), how many decisions
     * reached their person after the intended send time, the CPU it took, and the gauges at the window's end.
     */
    public record Window(int index, double fromSecond, double toSecond, long actions, double actionsPerSecond,
                         double serverActionsPerSecond, Latency ack, Latency ackFromIntended, Latency fanOut,
                         Latency fanOutFromIntended, Latency sendLag, long lateDecisions, CpuUse cpu,
                         Gauges gauges) {
    }

    /**
     * A run's figures.
     *
     * @param total      the whole measured period as one window
     * @param empty      the gauges with the server up and no game yet
     * @param created    the gauges once every game is created, joined and connected, before the first action
     * @param behindAtEnd actions the people meant to send before the end but could not yet (open loop)
     * @param keptUp     whether the server acknowledged at least {@link #KEPT_UP} of the offered rate (always
     *                   true in closed loop, which offers only what the server takes)
     * @param verdict    the soak's judgement when there were several windows, else null
     */
    /** How many of the server's last actions its own latency figures ({@link Result#serverP50Ms()}) cover. */
    public static final int SERVER_WINDOW = Metrics.WINDOW;

    public record Result(Options options, String database, List<Window> windows, Window total, Gauges empty,
                         Gauges created, int gamesStarted, int gamesFinished, long throttled, long rejected,
                         long errors, long behindAtEnd, boolean keptUp, SoakVerdict.Verdict verdict,
                         double serverP50Ms, double serverP99Ms) {
        /** Heap per game when every game was new (server and both clients). */
        public long heapPerNewGame() {
            return (created.heapAfterGc() - empty.heapAfterGc()) / options.games();
        }

        /** Heap per game held in memory at the end (running ones at every stage of play, and finished ones). */
        public long heapPerGameAtEnd() {
            Gauges end = total.gauges();
            return (end.heapAfterGc() - empty.heapAfterGc()) / Math.max(1, end.gamesInMemory());
        }
    }

    /** Runs a load test; {@code progress} gets a line per window as it ends (for a long soak) and notes. */
    public static Result run(Options o, Consumer<String> progress) throws Exception {
        Path tmp = o.jdbcUrl() == null ? Files.createTempDirectory("fortuna-loadtest-") : null;
        String url = o.jdbcUrl() != null ? o.jdbcUrl() : ServerConfig.h2(tmp);
        ServerConfig config = new ServerConfig("127.0.0.1", 0, url, 1, 1000, 0, null);
        try (FortunaServer server = FortunaServer.start(config)) {
            return new LoadTest.Run(o, server, progress).drive(o.jdbcUrl() == null ? "H2 (file, " + tmp + ")"
                    : o.jdbcUrl().replaceAll("password=[^&]*", "password=…"));
        } finally {
            if (tmp != null) {
                try (var s = Files.walk(tmp)) {
                    s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    /** The measures a window keeps. */
    private enum Measure { ACK, ACK_FROM_INTENDED, FAN_OUT, FAN_OUT_FROM_INTENDED, SEND_LAG }

    /** The samples of one window. */
    private static final class WindowSamples {
        final Map<Measure, LatencyHistogram> histograms = new EnumMap<>(Measure.class);
        final AtomicLong actions = new AtomicLong(), lateDecisions = new AtomicLong();

        WindowSamples() {
            for (Measure m : Measure.values()) {
                histograms.put(m, new LatencyHistogram());
            }
        }

        void addTo(WindowSamples total) {
            histograms.forEach((m, h) -> total.histograms.get(m).add(h));
            total.actions.addAndGet(actions.get());
            total.lateDecisions.addAndGet(lateDecisions.get());
        }
    }

    /** One run: the server, the clients, the schedule and the samples. */
    private static final class Run {
        final Options o;
        final FortunaServer server;
        final Consumer<String> progress;
        final String base;
        /** The lobby's HTTP requests. */
        final HttpClient http;
        /** The people's WebSockets. */
        final WsClient ws;
        final ExecutorService clientPool, lobby;
        final ScheduledExecutorService pacer;
        final WindowSamples[] samples;
        final AtomicInteger gamesStarted = new AtomicInteger(), gamesFinished = new AtomicInteger(),
                openSockets = new AtomicInteger();
        final AtomicLong throttled = new AtomicLong(), rejected = new AtomicLong(), errors = new AtomicLong();
        final List<Slot> slots = new ArrayList<>();
        volatile long measureStart = Long.MAX_VALUE, windowNanos = 1;
        volatile boolean stopping;
        /** Counted down by each slot once its first game has been played to the slot's starting ply. */
        CountDownLatch slotsReady;
        /** The starting plies of the first games: spread, so that the run begins with games at every stage. */
        final java.util.SplittableRandom starts;
        final Object finishedSignal = new Object();

        Run(Options o, FortunaServer server, Consumer<String> progress) {
            this.o = o;
            this.server = server;
            this.progress = progress;
            this.base = "http://127.0.0.1:" + server.port();
            // A fixed pool for the HTTP client's callbacks: threads neither pile up nor come and go during a soak.
            this.clientPool = Executors.newFixedThreadPool(4, daemon("loadtest-client"));
            // A selector thread per core (at most 4): the people's messages are read and answered on these.
            try {
                this.ws = new WsClient(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())),
                        "loadtest-ws");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            // Games end at about rate/100 per second and each new one takes three HTTP requests and two WebSocket
            // handshakes: enough threads that a slot never waits long for its next game.
            this.lobby = Executors.newFixedThreadPool(8, daemon("loadtest-lobby"));
            this.pacer = Executors.newSingleThreadScheduledExecutor(daemon("loadtest-pacer"));
            this.http = HttpClient.newBuilder().executor(clientPool).connectTimeout(Duration.ofSeconds(10)).build();
            this.starts = new java.util.SplittableRandom(o.seed());
            this.samples = new WindowSamples[o.windows()];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = new WindowSamples();
            }
        }

        Result drive(String database) throws Exception {
            try {
                return measure(database);
            } finally {
                stopping = true;
                pacer.shutdownNow();
                lobby.shutdownNow();
                for (Slot s : slots) {
                    s.abort();
                }
                ws.close();
                clientPool.shutdownNow();
            }
        }

        private Result measure(String database) throws Exception {
            Gauges empty = gauges(0, true);
            slotsReady = new CountDownLatch(o.games());
            for (int i = 0; i < o.games(); i++) {
                Slot s = new Slot(i < o.botGames(), o.startPlies() == 0 ? 0 : starts.nextInt(o.startPlies()));
                slots.add(s);
                s.open();
            }
            if (!slotsReady.await(600, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the games were not created and played to their starting plies "
                        + "within 600 s");
            }
            Gauges created = gauges(0, true);
            long t0 = System.nanoTime();
            windowNanos = (long) (o.windowLength() * 1e9);
            measureStart = t0 + (long) (o.warmupSeconds() * 1e9);
            long end = measureStart + (long) (o.seconds() * 1e9);
            for (int i = 0; i < slots.size(); i++) {
                slots.get(i).begin(t0, o.seed() * 1_000_003L + i);
            }
            List<Window> windows = new ArrayList<>();
            boolean soak = samples.length > 1;
            waitUntil(measureStart);
            // The soak's baseline: the end of the warm-up (its full GC falls into the first window).
            Gauges start = gauges(o.warmupSeconds(), soak);
            if (soak) {
                progress.accept(gaugesLine("baseline", start));
            }
            Gauges prev = start;
            boolean early = false;
            for (int w = 0; w < samples.length && !early; w++) {
                long windowEnd = Math.min(end, measureStart + (w + 1) * windowNanos);
                early = waitUntil(windowEnd);
                long actualEnd = early ? System.nanoTime() : windowEnd;
                if (early || w == samples.length - 1) {
                    stopping = true; // no decision after the end is acted on
                }
                Gauges g = gauges((actualEnd - t0) / 1e9, true);
                Thread.sleep(50); // answers timed just before the boundary are being recorded
                Window win = window(w, samples[w], prev, g);
                prev = g;
                windows.add(win);
                if (soak) {
                    progress.accept(windowLine(win));
                }
            }
            long behind = 0;
            for (Slot s : slots) {
                behind += s.behindAt(end);
            }
            WindowSamples all = new WindowSamples();
            for (WindowSamples s : samples) {
                s.addTo(all);
            }
            Window total = window(-1, all, start, windows.get(windows.size() - 1).gauges());
            boolean keptUp = o.closedLoop() || total.actionsPerSecond() >= KEPT_UP * o.rate();
            SoakVerdict.Verdict verdict = soak ? SoakVerdict.judge(start, windows, o, rejected.get(), errors.get())
                    : null;
            return new Result(o, database, windows, total, empty, created, gamesStarted.get(), gamesFinished.get(),
                    throttled.get(), rejected.get(), errors.get(), behind, keptUp, verdict,
                    server.service().metrics.quantileMs(0.5), server.service().metrics.quantileMs(0.99));
        }

        /** Waits until {@code t}; true when the run ended early because enough games finished. */
        private boolean waitUntil(long t) throws InterruptedException {
            synchronized (finishedSignal) {
                while (true) {
                    if (o.finishGames() > 0 && gamesFinished.get() >= o.finishGames()) {
                        return true;
                    }
                    long now = System.nanoTime();
                    if (now >= t) {
                        return false;
                    }
                    finishedSignal.wait(Math.max(1, Math.min(1000, (t - now) / 1_000_000)));
                }
            }
        }

        /** A window from its samples and the gauges at its start and end. */
        private Window window(int index, WindowSamples s, Gauges from, Gauges to) {
            double len = Math.max(1e-9, to.atSecond() - from.atSecond());
            long serverActions = to.serverActions() - from.serverActions();
            Map<Measure, LatencyHistogram> h = s.histograms;
            return new Window(index, from.atSecond(), to.atSecond(), s.actions.get(), s.actions.get() / len,
                    serverActions / len, Latency.of(h.get(Measure.ACK)), Latency.of(h.get(Measure.ACK_FROM_INTENDED)),
                    Latency.of(h.get(Measure.FAN_OUT)), Latency.of(h.get(Measure.FAN_OUT_FROM_INTENDED)),
                    Latency.of(h.get(Measure.SEND_LAG)), s.lateDecisions.get(),
                    CpuUse.between(from.cpu(), to.cpu(), serverActions, len), to);
        }

        /**
         * The gauges now. The CPU times and the action count are read first (they close a window); then, when
         * {@code gc}, a full GC so that the heap figure is what is live (its CPU counts in the next window).
         */
        Gauges gauges(double at, boolean gc) {
            CpuTimes cpu = cpuTimes();
            long actions = server.service().metrics.actionsApplied.get();
            if (gc) {
                System.gc();
            }
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            long files = os instanceof com.sun.management.UnixOperatingSystemMXBean u
                    ? u.getOpenFileDescriptorCount() : -1;
            Store.PoolStats pool = server.store().poolStats();
            int[] games = server.service().gamesInMemory();
            return new Gauges(at, heap, ManagementFactory.getThreadMXBean().getThreadCount(),
                    server.requestThreads().getThreads(), server.service().connections.get(), openSockets.get(),
                    pool.total(), pool.active(), pool.waiting(), files, games[0], games[1], games[2], actions, cpu);
        }

        /** CPU times of the process and of its live threads by role (see {@link CpuTimes}). */
        static CpuTimes cpuTimes() {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long generator = 0, requests = 0, writer = 0, bots = 0;
            for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
                long c = t == null ? -1 : mx.getThreadCpuTime(t.getThreadId());
                if (c < 0) {
                    continue; // ended meanwhile
                }
                String name = t.getThreadName();
                if (name.startsWith("loadtest-") || name.startsWith("HttpClient-")) {
                    generator += c;
                } else if (name.startsWith("JettyServerThreadPool")) {
                    requests += c;
                } else if (name.equals(Store.WRITER_THREAD)) {
                    writer += c;
                } else if (name.startsWith(GameService.BOT_THREAD)) {
                    bots += c;
                }
            }
            long process = ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
            long gcCount = 0, gcMillis = 0;
            for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                gcCount += Math.max(0, gc.getCollectionCount());
                gcMillis += Math.max(0, gc.getCollectionTime());
            }
            var jit = ManagementFactory.getCompilationMXBean();
            long jitMillis = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime()
                    : 0;
            return new CpuTimes(process, generator, requests, writer, bots, gcCount, gcMillis, jitMillis);
        }

        /** The window a sample answered at {@code t} belongs to, or null outside the measured period. */
        WindowSamples at(long t) {
            long since = t - measureStart;
            if (since < 0) {
                return null;
            }
            long i = since / windowNanos;
            return i < samples.length ? samples[(int) i] : null;
        }

        void record(Measure m, long answeredAt, long nanos) {
            WindowSamples w = at(answeredAt);
            if (w != null) {
                w.histograms.get(m).record(nanos);
            }
        }

        void problem(AtomicLong counter, String what) {
            if (counter.incrementAndGet() <= PRINTED_PROBLEMS) {
                System.err.println("loadtest: " + what);
            }
        }

        /**
         * One game place: it holds one game at a time and starts the next when one ends. Before the run begins, its
         * first game is played as fast as the server allows to a starting ply, so that the run starts with games at
         * every stage of play (in step, they would all end together, and the heap per game would be a new game's).
         */
        final class Slot {
            final boolean withBot;
            final int startPly;
            RateSchedule schedule;
            Table table;
            boolean begun, ready;

            Slot(boolean withBot, int startPly) {
                this.withBot = withBot;
                this.startPly = startPly;
            }

            /** Creates a game, joins its people and connects them (blocking: main or lobby thread). */
            void open() {
                try {
                    Lobby.SeatSpec person = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null);
                    Lobby.SeatSpec second = withBot ? new Lobby.SeatSpec(Lobby.SeatKind.BOT, o.bot(), null) : person;
                    Lobby.Created c = Json.read(post(base + "/api/games", null, new Lobby.CreateGame(null,
                            List.of(person, second))), Lobby.Created.class);
                    Table t = new Table(this, c.gameId());
                    synchronized (this) {
                        if (stopping) {
                            return;
                        }
                        table = t;
                    }
                    gamesStarted.incrementAndGet();
                    // Everybody joins before anybody connects: the first snapshot then shows a running game, and
                    // its first decision can be acted on at once.
                    for (Lobby.Invitation inv : c.invitations()) {
                        post(base + "/api/games/" + c.gameId() + "/join", inv.token(), "");
                    }
                    for (Lobby.Invitation inv : c.invitations()) {
                        Person p = new Person(this, t, inv.seat());
                        synchronized (this) {
                            t.persons.add(p);
                        }
                        ws.connect("127.0.0.1", server.port(), "/api/games/" + c.gameId() + "/ws?token="
                                + inv.token(), p, 30_000);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    if (!stopping) {
                        problem(errors, "starting a game failed: " + e);
                        reopenLater(1000);
                    }
                }
            }

            void reopenLater(long ms) {
                if (!stopping) {
                    CompletableFuture.delayedExecutor(ms, TimeUnit.MILLISECONDS, lobby).execute(this::open);
                }
            }

            /** The run starts: the schedule from {@code t0}, and a decision that came before it is taken now. */
            synchronized void begin(long t0, long seed) {
                if (!o.closedLoop()) {
                    schedule = new RateSchedule(t0, o.games(), o.rate(), seed);
                }
                begun = true;
                for (Person p : table.persons) {
                    if (p.waiting != null) {
                        GameView.DecisionView d = p.waiting;
                        p.waiting = null;
                        decide(p, d, p.waitingPly, System.nanoTime());
                    }
                }
            }

            synchronized long behindAt(long t) {
                return schedule == null ? 0 : schedule.behindAt(t);
            }

            /** Under this slot's monitor: a person's own decision arrived at {@code now}. */
            void decide(Person p, GameView.DecisionView d, int ply, long now) {
                if (stopping || p.table != table || table.over) {
                    return;
                }
                if (!begun) {
                    if (ply < startPly) {
                        table.intend(ply, now);
                        send(p, ply, Json.write(new ClientMessage.Act(Scripted.choose(d, ply), ply, "lt-" + ply)));
                        return;
                    }
                    p.waiting = d;
                    p.waitingPly = ply;
                    if (!ready) {
                        ready = true;
                        slotsReady.countDown();
                    }
                    return;
                }
                long intended = schedule == null ? now : schedule.take();
                table.intend(ply, intended);
                String json = Json.write(new ClientMessage.Act(Scripted.choose(d, ply), ply, "lt-" + ply));
                if (intended > now) {
                    pacer.schedule(() -> {
                        synchronized (this) {
                            if (!stopping && p.table == table && !table.over) {
                                send(p, ply, json);
                            }
                        }
                    }, intended - now, TimeUnit.NANOSECONDS);
                } else {
                    if (schedule != null) {
                        WindowSamples w = at(now);
                        if (w != null) {
                            w.lateDecisions.incrementAndGet(); // the person had to wait for this decision
                        }
                    }
                    send(p, ply, json);
                }
            }

            /** Under this slot's monitor. */
            private void send(Person p, int ply, String json) {
                long t = System.nanoTime();
                p.table.sent[ply] = t;
                record(Measure.SEND_LAG, t, t - p.table.intended[ply]);
                p.send(json);
            }

            /** Under this slot's monitor: the game ended (or lost a connection); the next one starts. */
            void ended(Table t, boolean finished) {
                if (t.over) {
                    return;
                }
                t.over = true;
                if (finished) {
                    gamesFinished.incrementAndGet();
                    synchronized (finishedSignal) {
                        finishedSignal.notifyAll();
                    }
                }
                if (finished) {
                    // Each person closes on its own (the last actor once its acknowledgement is in); this is only
                    // for an answer that never comes.
                    CompletableFuture.delayedExecutor(5, TimeUnit.SECONDS, lobby).execute(t::close);
                } else {
                    lobby.execute(t::close);
                }
                if (!stopping) {
                    lobby.execute(this::open);
                }
            }

            synchronized void abort() {
                if (table != null) {
                    table.persons.forEach(Person::abort);
                }
            }
        }

        /** One game of a slot: its people and, by ply, when each action was meant to be sent and was sent. */
        final class Table {
            final Slot slot;
            final String id;
            final List<Person> persons = new ArrayList<>();
            long[] intended = new long[256], sent = new long[256];
            boolean over;

            Table(Slot slot, String id) {
                this.slot = slot;
                this.id = id;
            }

            void intend(int ply, long t) {
                if (ply >= intended.length) {
                    intended = Arrays.copyOf(intended, Math.max(ply + 1, intended.length * 2));
                    sent = Arrays.copyOf(sent, intended.length);
                }
                intended[ply] = t;
            }

            void close() {
                List<Person> ps;
                synchronized (slot) {
                    ps = List.copyOf(persons);
                }
                ps.forEach(Person::close);
            }
        }

        /** A scripted person's WebSocket client. */
        final class Person implements WsClient.Listener {
            final Slot slot;
            final Table table;
            final int seat;
            private volatile WsClient.Conn socket;
            private String lastSent;
            private boolean closedByUs;
            /** The ply of the game's last action when it was this person's: it closes once that is acknowledged. */
            private int closeAfterAck = -1;
            GameView.DecisionView waiting;
            int waitingPly;

            Person(Slot slot, Table table, int seat) {
                this.slot = slot;
                this.table = table;
                this.seat = seat;
            }

            @Override
            public void onOpen(WsClient.Conn c) {
                socket = c;
                openSockets.incrementAndGet();
            }

            @Override
            public void onText(WsClient.Conn c, byte[] buf, int off, int len) {
                long now = System.nanoTime();
                Incoming m = Incoming.parse(buf, off, len, seat);
                synchronized (slot) {
                    receive(m, now);
                }
            }

            /** Under the slot's monitor. */
            private void receive(Incoming m, long now) {
                switch (m.type()) {
                    case "snapshot" -> mine(m, now);
                    case "update" -> {
                        int ply = m.ply();
                        if (m.seat() != seat && ply < table.sent.length && table.sent[ply] != 0) {
                            record(Measure.FAN_OUT, now, now - table.sent[ply]);
                            record(Measure.FAN_OUT_FROM_INTENDED, now, now - table.intended[ply]);
                        }
                        if (m.decisionKind() == DecisionKind.GAME_OVER) {
                            slot.ended(table, true);
                            if (m.seat() == seat) {
                                closeAfterAck = ply;
                            } else {
                                close();
                            }
                        } else {
                            mine(m, now);
                        }
                    }
                    case "ack" -> {
                        record(Measure.ACK, now, now - table.sent[m.ply()]);
                        record(Measure.ACK_FROM_INTENDED, now, now - table.intended[m.ply()]);
                        WindowSamples w = at(now);
                        if (w != null) {
                            w.actions.incrementAndGet();
                        }
                        if (m.ply() == closeAfterAck) {
                            close();
                        }
                    }
                    case "error" -> {
                        if (m.rejection().code() == ErrorCode.THROTTLED) {
                            if (slot.begun) {
                                throttled.incrementAndGet(); // playing to the starting ply runs into the guard
                            }
                            String again = lastSent;
                            pacer.schedule(() -> send(again), THROTTLED_RETRY_MS, TimeUnit.MILLISECONDS);
                        } else {
                            problem(errors, "game " + table.id + " seat " + seat + " got an error: " + m.rejection());
                        }
                    }
                    case "rejected" -> problem(rejected, "game " + table.id + " seat " + seat + " was refused: "
                            + m.rejection());
                    default -> {
                        // presence, clock, pong: nothing for a scripted person to do
                    }
                }
            }

            /** Acts on a snapshot's or update's decision when it is this person's (then it was read whole). */
            private void mine(Incoming m, long now) {
                if (m.decision() != null) {
                    slot.decide(this, m.decision(), (int) m.version(), now);
                }
            }

            void send(String json) {
                synchronized (this) {
                    lastSent = json;
                }
                socket.sendText(json);
            }

            void close() {
                synchronized (this) {
                    if (closedByUs) {
                        return;
                    }
                    closedByUs = true;
                }
                WsClient.Conn c = socket;
                if (c != null) {
                    c.close(1000, "game over");
                }
            }

            void abort() {
                synchronized (this) {
                    closedByUs = true;
                }
                WsClient.Conn c = socket;
                if (c != null) {
                    c.abort();
                }
            }

            @Override
            public void onClose(WsClient.Conn c, int code, String reason) {
                gone(code == 1006 ? "failed: " + reason : "closed by the server (" + code + " " + reason + ")");
            }

            private void gone(String why) {
                openSockets.decrementAndGet();
                boolean ours;
                synchronized (this) {
                    ours = closedByUs;
                }
                if (!ours && !stopping) {
                    problem(errors, "game " + table.id + " seat " + seat + ": the connection " + why);
                    synchronized (slot) {
                        slot.ended(table, false);
                    }
                }
            }
        }

        private String post(String url, String token, Object body) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
            if (token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            String json = body instanceof String s ? s : Json.write(body);
            for (int attempt = 0; ; attempt++) {
                HttpResponse<String> r = http.send(b.POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                        HttpResponse.BodyHandlers.ofString());
                // The lobby's flood control counts per address: the generator waits and tries again.
                if (r.statusCode() == 429 && attempt < 200) {
                    Thread.sleep(50);
                    continue;
                }
                if (r.statusCode() / 100 != 2) {
                    throw new IllegalStateException(url + " answered " + r.statusCode() + ": " + r.body());
                }
                return r.body();
            }
        }
    }

    /**
     * What a scripted person reads of a server message (docs/protocol.md): its type, version, the seat and ply of
     * an update's action or an acknowledgement's ply, the decision's kind and deciding seat (of an update, or of a
     * snapshot's view), the whole decision only when its reader decides it, and a refusal. Everything else (events,
     * feature values, the board, the other seat's options) is skipped unread, so that the load generator spends
     * little of the machine's CPU and memory on messages it does not need: reading every decision whole was a fifth
     * of the load test's allocation, half of it for decisions of the other seat.
     *
     * @param decisionKind the decision's kind, or null when the message has no decision
     * @param decider      the deciding seat, or null (none, or the message has no decision)
     * @param decision     the decision, read only when {@code decider} is the reader's seat (or the reader reads
     *                     every decision), else null
     */
    record Incoming(String type, long version, int seat, int ply, DecisionKind decisionKind, Integer decider,
                    GameView.DecisionView decision, Rejection rejection) {
        /** A reader that reads every decision whole. */
        static final int EVERY_SEAT = -1;

        static Incoming parse(String json) {
            return parse(json, EVERY_SEAT);
        }

        /** Reads a message for the person of seat {@code reader} (or {@link #EVERY_SEAT}). */
        static Incoming parse(String json, int reader) {
            byte[] b = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return parse(b, 0, b.length, reader);
        }

        /**
         * Reads a message of {@code len} bytes of UTF-8 at {@code off} for the person of seat {@code reader} (or
         * {@link #EVERY_SEAT}), as it came off the socket: no string of the whole message is made.
         */
        static Incoming parse(byte[] buf, int off, int len, int reader) {
            Object json = new Object() {
                @Override
                public String toString() { // the message's text, for an error's message only
                    return new String(buf, off, len, java.nio.charset.StandardCharsets.UTF_8);
                }
            };
            var m = new Object() {
                String type;
                long version = -1;
                int seat = -1, ply = -1;
                DecisionKind kind;
                Integer decider;
                boolean deciderRead;
                /** Where the decision's bytes are in the message, when it is to be read whole. */
                int decisionStart = -1, decisionEnd = -1;
                Rejection rejection;

                /**
                 * Reads a decision's kind and deciding seat, and where it ends when it is to be read whole. When the
                 * message is an update and the decision is another seat's, it stops as soon as it knows: the rest of
                 * the decision (its options) and of the message is not needed, and reading it only to skip it was
                 * a sixth of the load generator's CPU.
                 */
                void decision(JsonParser p) throws java.io.IOException {
                    int start = (int) p.currentTokenLocation().getByteOffset();
                    fields(p, json, f -> {
                        switch (f) {
                            case "kind" -> kind = DecisionKind.valueOf(p.getText());
                            case "seat" -> {
                                decider = p.currentToken() == JsonToken.VALUE_NULL ? null : p.getIntValue();
                                deciderRead = true;
                            }
                            default -> p.skipChildren();
                        }
                    }, this::anotherSeatsUpdate);
                    if (kind == null) {
                        throw new IllegalArgumentException("a decision without a kind: " + json);
                    }
                    if (reader == EVERY_SEAT || decider != null && decider == reader) {
                        decisionStart = start;
                        decisionEnd = (int) p.currentLocation().getByteOffset(); // just past the decision
                    }
                }

                /** Whether this is an update whose decision is known to be another seat's: nothing more is read. */
                boolean anotherSeatsUpdate() {
                    return kind != null && deciderRead && reader != EVERY_SEAT && !Integer.valueOf(reader)
                            .equals(decider) && "update".equals(type);
                }
            };
            try (JsonParser p = parser(buf, off, len)) {
                p.nextToken();
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    throw new IllegalArgumentException("expected an object but got " + p.currentToken() + " in " + json);
                }
                // An update's decision comes after its action and events and before its feature values (most of
                // its text), and nothing after the decision is needed: the parse stops there.
                while (!(m.kind != null && "update".equals(m.type)) && p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    switch (field) {
                        case "type" -> m.type = p.getText();
                        case "version" -> m.version = p.getLongValue();
                        case "ply" -> m.ply = p.getIntValue();
                        case "decision" -> m.decision(p);
                        case "rejection" -> m.rejection = Json.mapper().readValue(p, Rejection.class);
                        case "action" -> fields(p, json, f -> {
                            switch (f) {
                                case "seat" -> m.seat = p.getIntValue();
                                case "ply" -> m.ply = p.getIntValue();
                                default -> p.skipChildren();
                            }
                        });
                        case "view" -> fields(p, json, f -> {
                            if (f.equals("decision")) {
                                m.decision(p);
                            } else {
                                p.skipChildren();
                            }
                        });
                        default -> p.skipChildren();
                    }
                }
                if (m.type == null) {
                    throw new IllegalArgumentException("a server message without a type: " + json);
                }
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("unreadable server message: " + e.getMessage(), e);
            }
            // Read after the message's parser is closed, so that this one reuses its buffers (a parser opened
            // inside another allocates its own). The parser's offsets count from the message's first byte.
            GameView.DecisionView decision = null;
            if (m.decisionStart >= 0) {
                try (JsonParser p = parser(buf, off + m.decisionStart, m.decisionEnd - m.decisionStart)) {
                    decision = Json.mapper().readValue(p, GameView.DecisionView.class);
                } catch (java.io.IOException e) {
                    throw new IllegalArgumentException("unreadable decision: " + e.getMessage(), e);
                }
            }
            return new Incoming(m.type, m.version, m.seat, m.ply, m.kind, m.decider, decision, m.rejection);
        }

        /**
         * A parser of the wire format for a server message. These come from the server: the duplicate-key check
         * (the wire format's, against hostile clients) would only allocate a set per object here.
         */
        private static JsonParser parser(byte[] buf, int off, int len) throws java.io.IOException {
            JsonParser p = Json.mapper().createParser(buf, off, len);
            p.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            return p;
        }

        /** Reads a field's value (the parser is on it) or skips it. */
        private interface FieldReader {
            void read(String name) throws java.io.IOException;
        }

        /** For each field of the object the parser is on: moves to its value and hands its name to {@code r}. */
        private static void fields(JsonParser p, Object json, FieldReader r) throws java.io.IOException {
            fields(p, json, r, () -> false);
        }

        /** The same, stopping (within the object) after the first field at which {@code done} holds. */
        private static void fields(JsonParser p, Object json, FieldReader r, java.util.function.BooleanSupplier done)
                throws java.io.IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("expected an object but got " + p.currentToken() + " in " + json);
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                r.read(name);
                if (done.getAsBoolean()) {
                    return;
                }
            }
        }
    }

    /** One window as a line of the soak's progress. */
    static String windowLine(Window w) {
        return String.format(java.util.Locale.ROOT, "%5.0f-%-5.0fs %6.0f actions/s  ack p50 %5.2f p99 %6.2f ms "
                        + "(from intended %6.2f)  fan-out p99 %6.2f ms  cpu %3.0f us/action  gc %4d ms  ",
                w.fromSecond(), w.toSecond(), w.actionsPerSecond(), w.ack().p50(), w.ack().p99(),
                w.ackFromIntended().p99(), w.fanOut().p99(), w.cpu().process(), w.cpu().gcMillis())
                + gaugesLine("", w.gauges());
    }

    /** The gauges of a soak line: heap, threads (others + Jetty's pool), sessions, pool, files, games in memory. */
    static String gaugesLine(String label, Gauges g) {
        return String.format(java.util.Locale.ROOT, "%sheap %4d MB  threads %3d+%-3d  sessions %4d  pool %d/%d  "
                        + "files %4d  games %d+%d", label.isEmpty() ? "" : label + " at " + Math.round(g.atSecond())
                        + " s: ", g.heapAfterGc() >> 20, g.otherThreads(), g.requestThreads(), g.serverSessions(),
                g.poolActive(), g.poolTotal(), g.openFiles(), g.gamesRunning(), g.gamesFinished());
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
