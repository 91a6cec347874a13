package dev.fortuna.server;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Replay;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Crash and restart, many times: starts one or two servers as processes of their own on one database, keeps
 * games of scripted people and server bots running through real WebSocket (and some HTTP) clients, and kills a
 * server with SIGKILL ({@link Process#destroyForcibly()}) at random moments — every second kill the moment
 * actions are in flight, so that it falls during a write — restarting it on the same data each time. With two
 * servers (one PostgreSQL database) the seats and spectators of each game are spread over both, and a client
 * whose server dies goes on through the other.
 *
 * <p>The clients record every acknowledgement and, per game version, a digest of every update and snapshot they
 * saw. At the end (people stop acting, every client catches up, the servers stop) the store is read directly and
 * every game's stored actions are replayed through the engine: each must be accepted, stored once at its ply (the
 * client action ids say which decision each answered), and every update and snapshot a client saw must be the
 * replay's at that version; every acknowledged action must be stored as acknowledged; no client may have seen a
 * version that is not stored, and every person's last version must be the stored game's; a finished game's record
 * replays to the same scores. Each connection's updates must come in order, without gaps and without repeats
 * (except those its own resync asked for, which must be identical).
 */
public final class Chaos {
    private static final Pattern LISTENING = Pattern.compile("listening on http://localhost:(\\d+)/");
    /** Bot seats of the games against a bot, and of the bot-only games. */
    static final String PERSON_BOT = "greedy", BOTS_BOT = "random";
    /** Most violations kept in full (all are counted). */
    static final int KEPT_VIOLATIONS = 50;
    /** The server processes' pause before each bot decision, so that a game of bots lasts across kills. */
    static final long BOT_DELAY_MS = 15;

    /**
     * What to run.
     *
     * @param kills       how many times a server is killed (and restarted)
     * @param servers     1, or 2 on one PostgreSQL database
     * @param peopleGames games of two scripted people at once (a finished game is replaced)
     * @param botGames    games of one scripted person against the {@link #PERSON_BOT} server bot at once
     * @param botOnlyGames games of two {@link #BOTS_BOT} server bots at once, watched by a spectator
     * @param jdbcUrl     a PostgreSQL database (empty, or the harness's own from an earlier run), or null: H2 in
     *                    {@code workDir}
     * @param workDir     the servers' logs and the H2 data; null: a temporary directory, deleted after a clean run
     * @param seed        the random moments of the kills, the think times and which actions go over HTTP
     * @param minGapMs    the shortest time a server runs between its start and its kill
     * @param maxGapMs    the longest
     * @param serverHeapMb each server process's heap
     */
    public record Options(int kills, int servers, int peopleGames, int botGames, int botOnlyGames, String jdbcUrl,
                          Path workDir, long seed, long minGapMs, long maxGapMs, int serverHeapMb) {
        public Options {
            if (kills < 0) {
                throw new IllegalArgumentException("kills must not be negative, not " + kills);
            }
            if (servers < 1 || servers > 2) {
                throw new IllegalArgumentException("servers must be 1 or 2, not " + servers);
            }
            if (servers == 2 && (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:"))) {
                throw new IllegalArgumentException("two servers share a PostgreSQL database: give --db "
                        + "jdbc:postgresql://…");
            }
            if (peopleGames < 0 || botGames < 0 || botOnlyGames < 0 || peopleGames + botGames + botOnlyGames < 1) {
                throw new IllegalArgumentException("at least one game is needed, and no count may be negative");
            }
            if (minGapMs < 0 || maxGapMs < minGapMs) {
                throw new IllegalArgumentException("the gap between kills must be 0 <= min <= max, not " + minGapMs
                        + " to " + maxGapMs + " ms");
            }
            if (serverHeapMb < 32) {
                throw new IllegalArgumentException("a server needs at least 32 MB of heap, not " + serverHeapMb);
            }
        }

        /** The defaults of the command line: 20 kills, 6 + 2 + 2 games, H2 in a temporary directory. */
        public static Options defaults() {
            return new Options(20, 1, 6, 2, 2, null, null, 1, 500, 3000, 256);
        }

        public Options withKills(int k) {
            return new Options(k, servers, peopleGames, botGames, botOnlyGames, jdbcUrl, workDir, seed, minGapMs,
                    maxGapMs, serverHeapMb);
        }

        public Options withServers(int n) {
            return new Options(kills, n, peopleGames, botGames, botOnlyGames, jdbcUrl, workDir, seed, minGapMs,
                    maxGapMs, serverHeapMb);
        }

        public Options withGames(int people, int bot, int botOnly) {
            return new Options(kills, servers, people, bot, botOnly, jdbcUrl, workDir, seed, minGapMs, maxGapMs,
                    serverHeapMb);
        }

        public Options withDatabase(String url) {
            return new Options(kills, servers, peopleGames, botGames, botOnlyGames, url, workDir, seed, minGapMs,
                    maxGapMs, serverHeapMb);
        }

        public Options withWorkDir(Path dir) {
            return new Options(kills, servers, peopleGames, botGames, botOnlyGames, jdbcUrl, dir, seed, minGapMs,
                    maxGapMs, serverHeapMb);
        }

        public Options withSeed(long s) {
            return new Options(kills, servers, peopleGames, botGames, botOnlyGames, jdbcUrl, workDir, s, minGapMs,
                    maxGapMs, serverHeapMb);
        }

        public Options withGaps(long minMs, long maxMs) {
            return new Options(kills, servers, peopleGames, botGames, botOnlyGames, jdbcUrl, workDir, seed, minMs,
                    maxMs, serverHeapMb);
        }
    }

    /**
     * What a run found.
     *
     * @param kills                the servers killed with SIGKILL (each restarted on the same data)
     * @param killsDuringWrites    of those, the kills with at least one action sent and not yet answered
     * @param actionsInFlightAtKills those actions, over all kills
     * @param games                games the harness played (created by it), and in the store in all
     * @param gamesFinished        stored games that ended, their records checked
     * @param actionsStored        stored actions, every one replayed through the engine
     * @param acknowledged         acknowledgements the clients received, every one checked against the store
     * @param updatesSeen          updates the clients received in order (and checked)
     * @param snapshots            snapshots the clients received (on connecting, and on a resync whose gap the
     *                             server no longer kept: after a restart), every one checked
     * @param redelivered          updates a client's own resync asked for again (identical to the first)
     * @param compared             the clients' updates and snapshots (one per client and version) compared with the
     *                             replay
     * @param connectsRefused      WebSocket connections and HTTP requests that failed (a server was down)
     * @param refusals             actions refused, by code
     * @param ackedWithOneServerDown actions acknowledged while one of two servers was down (two servers)
     * @param violations           what broke a promise (empty: none), the first {@link #KEPT_VIOLATIONS}
     * @param violationCount       all of them
     */
    public record Result(int servers, String database, int kills, int killsDuringWrites, int actionsInFlightAtKills,
                         int games, int gamesStored, int gamesFinished, long actionsStored, long acknowledged,
                         long updatesSeen, long snapshots, long redelivered, long compared, long connectsRefused,
                         Map<String, Long> refusals, long ackedWithOneServerDown, double seconds,
                         List<String> violations, long violationCount) {
        public boolean clean() {
            return violationCount == 0;
        }

        /** The report, one line each. */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            out.add(String.format(Locale.ROOT, "chaos: %d server%s on %s, %.0f s", servers, servers == 1 ? "" : "s",
                    database, seconds));
            out.add(String.format(Locale.ROOT, "kills: %d with SIGKILL, each restarted on the same data; %d of them "
                    + "with actions in flight (%d actions in all)", kills, killsDuringWrites, actionsInFlightAtKills));
            if (servers > 1) {
                out.add(String.format(Locale.ROOT, "acknowledged while one server was down: %d", ackedWithOneServerDown));
            }
            out.add(String.format(Locale.ROOT, "games: %d played (%d in the store), %d finished and their records "
                    + "replayed", games, gamesStored, gamesFinished));
            out.add(String.format(Locale.ROOT, "actions: %d stored, each replayed through the engine; %d "
                    + "acknowledged, each found stored as acknowledged", actionsStored, acknowledged));
            out.add(String.format(Locale.ROOT, "clients saw: %d updates in order, %d snapshots, %d updates again "
                    + "after their own resync; %d of their versions compared with the replay", updatesSeen, snapshots,
                    redelivered, compared));
            out.add(String.format(Locale.ROOT, "during restarts: %d connections and requests refused; actions "
                    + "refused: %s", connectsRefused, refusals.isEmpty() ? "none" : refusals));
            if (violationCount == 0) {
                out.add("verdict: no acknowledged action lost, none applied twice, every event seen once and in "
                        + "order");
            } else {
                out.add("verdict: " + violationCount + " violation" + (violationCount == 1 ? "" : "s") + ":");
                violations.forEach(v -> out.add("  " + v));
            }
            return out;
        }
    }

    /** Runs the harness; {@code progress} gets a line per kill. */
    public static Result run(Options o, Consumer<String> progress) throws Exception {
        return run(o, progress, url -> { });
    }

    /**
     * As {@link #run(Options, Consumer)}; {@code beforeCheck} gets the store's JDBC URL once the servers have
     * stopped, before the check reads it (a test damages the store there to see the check fail).
     */
    static Result run(Options o, Consumer<String> progress, Consumer<String> beforeCheck) throws Exception {
        Path dir = o.workDir() != null ? Files.createDirectories(o.workDir())
                : Files.createTempDirectory("fortuna-chaos-");
        Chaos c = new Chaos(o, dir, progress, beforeCheck);
        Result r;
        try {
            r = c.play();
        } finally {
            c.shutdown();
        }
        if (r.clean() && o.workDir() == null) {
            deleteTree(dir);
        } else if (!r.clean()) {
            progress.accept("the servers' logs are in " + dir);
        }
        return r;
    }

    // ----------------------------------------------------------------------------------------------------------

    private final Options o;
    private final Path dir;
    private final Consumer<String> progress;
    private final Random random;
    private final List<ServerProcess> servers = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "chaos-timer");
        t.setDaemon(true);
        return t;
    });
    private final ExecutorService work = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "chaos-work");
        t.setDaemon(true);
        return t;
    });
    private final List<Game> games = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Acked> acks = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    private final AtomicLong violationCount = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong updatesSeen = new AtomicLong(), snapshots = new AtomicLong(),
            redelivered = new AtomicLong(), connectsRefused = new AtomicLong();
    private final Map<String, AtomicLong> refusals = new ConcurrentHashMap<>();
    private volatile boolean acting = true, stopping;

    private final Consumer<String> beforeCheck;
    /** Updates and snapshots the clients saw that the check compared with the replay. */
    private long updatesCompared, snapshotsCompared;

    private Chaos(Options o, Path dir, Consumer<String> progress, Consumer<String> beforeCheck) {
        this.beforeCheck = beforeCheck;
        this.o = o;
        this.dir = dir;
        this.progress = progress;
        this.random = new Random(o.seed());
    }

    private enum Kind { PEOPLE, PERSON_BOT, BOTS }

    /** An acknowledgement a client received. */
    private record Acked(String gameId, int seat, String clientActionId, int ply, long version, ActionDto action) {
    }

    private void violation(String what) {
        violationCount.incrementAndGet();
        if (violations.size() < KEPT_VIOLATIONS) {
            violations.add(what);
        }
    }

    private Result play() throws Exception {
        long t0 = System.nanoTime();
        for (int i = 0; i < o.servers(); i++) {
            ServerProcess s = new ServerProcess(i, freePort());
            servers.add(s);
            s.start();
        }
        int slot = 0;
        for (int i = 0; i < o.peopleGames(); i++) {
            startGame(slot++, Kind.PEOPLE);
        }
        for (int i = 0; i < o.botGames(); i++) {
            startGame(slot++, Kind.PERSON_BOT);
        }
        for (int i = 0; i < o.botOnlyGames(); i++) {
            startGame(slot++, Kind.BOTS);
        }
        timer.scheduleWithFixedDelay(this::watch, 500, 500, TimeUnit.MILLISECONDS);
        progress.accept(String.format(Locale.ROOT, "%d server%s up and %d games started after %.1f s", o.servers(),
                o.servers() == 1 ? "" : "s", games.size(), (System.nanoTime() - t0) / 1e9));

        int killsDuringWrites = 0, flyingAtKills = 0;
        long ackedWithOneDown = 0;
        for (int k = 0; k < o.kills(); k++) {
            Thread.sleep(o.minGapMs() + (long) (random.nextDouble() * (o.maxGapMs() - o.minGapMs())));
            boolean duringWrite = k % 2 == 1;
            if (duringWrite) {
                // Wait (a little) for a moment with actions sent and not yet answered: the kill falls in a write.
                long until = System.nanoTime() + 2_000_000_000L;
                while (inFlight.get() == 0 && System.nanoTime() < until) {
                    java.util.concurrent.locks.LockSupport.parkNanos(100_000);
                }
            }
            ServerProcess victim = servers.get(o.servers() == 1 ? 0 : random.nextInt(o.servers()));
            int flying = inFlight.get();
            long acked = acks.size();
            long downAt = System.nanoTime();
            victim.kill();
            killsDuringWrites += flying > 0 ? 1 : 0;
            flyingAtKills += flying;
            if (o.servers() > 1) {
                Thread.sleep(500 + random.nextInt(1000)); // the games go on through the other server meanwhile
            }
            victim.start();
            if (o.servers() > 1) {
                ackedWithOneDown += acks.size() - acked;
            }
            progress.accept(String.format(Locale.ROOT, "kill %d/%d: server %d, %d actions in flight; back after %.1f"
                    + " s; %d actions acknowledged so far", k + 1, o.kills(), victim.index, flying,
                    (System.nanoTime() - downAt) / 1e9, acks.size()));
        }
        // A last stretch without kills, then everybody stops acting and catches up.
        Thread.sleep(o.minGapMs() + (o.maxGapMs() - o.minGapMs()) / 2);
        long q = System.nanoTime();
        boolean caughtUp = quiesce();
        progress.accept(String.format(Locale.ROOT, "the people stopped; %s in %.1f s", caughtUp
                ? "every client caught up" : "NOT every client caught up", (System.nanoTime() - q) / 1e9));
        stopping = true;
        for (Game g : games) {
            g.clients.forEach(Client::close);
        }
        for (ServerProcess s : servers) {
            s.stop();
        }
        int[] stored = check();
        long total = acks.size();
        Map<String, Long> refused = new TreeMap<>();
        refusals.forEach((k, v) -> refused.put(k, v.get()));
        return new Result(o.servers(), o.jdbcUrl() == null ? "H2 (file)" : "PostgreSQL", o.kills(), killsDuringWrites,
                flyingAtKills, games.size(), stored[0], stored[1], stored[2], total, updatesSeen.get(),
                snapshots.get(), redelivered.get(), updatesCompared + snapshotsCompared, connectsRefused.get(), refused,
                ackedWithOneDown,
                (System.nanoTime() - t0) / 1e9, List.copyOf(violations), violationCount.get());
    }

    private void shutdown() {
        stopping = true;
        timer.shutdownNow();
        work.shutdownNow();
        for (ServerProcess s : servers) {
            s.kill();
        }
    }

    /**
     * People stop acting; waits (30 s at most) until no action is in flight and every client of a game with people
     * has seen its game's last version; false when the time ran out (the check then tells who was behind).
     */
    private boolean quiesce() throws InterruptedException {
        acting = false;
        long until = System.nanoTime() + 30_000_000_000L;
        while (inFlight.get() > 0 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        for (Game g : games) {
            if (g.kind == Kind.BOTS || g.clients.stream().allMatch(Client::over)) {
                continue; // bots play on (a prefix is checked); a finished game's clients have seen its end
            }
            long stable = -1;
            while (System.nanoTime() < until) {
                long ply = storedPly(g);
                if (ply >= 0 && ply == stable && g.clients.stream().allMatch(c -> c.version() == ply)) {
                    break;
                }
                if (ply >= 0 && ply == stable) {
                    // Stable but not everybody there: who is behind asks for what it missed.
                    g.clients.stream().filter(c -> c.version() != ply).forEach(Client::resyncIfIdle);
                }
                stable = ply;
                Thread.sleep(100);
            }
        }
        return System.nanoTime() < until;
    }

    /** The game's ply as a live server has it now, or -1. */
    private long storedPly(Game g) {
        try {
            Reply r = get(anyUp(), "/api/games/" + g.id + "/view");
            return r.status() == 200 ? r.as(GameView.class).ply() : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // Server processes
    // ----------------------------------------------------------------------------------------------------------

    private final class ServerProcess {
        final int index, port;
        volatile Process process;
        volatile boolean up;

        ServerProcess(int index, int port) {
            this.index = index;
            this.port = port;
        }

        /** Starts the process on the same port and data, and returns once it listens. */
        void start() throws Exception {
            Exception last = null;
            for (int attempt = 0; attempt < 5; attempt++) {
                List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString(), "-cp", System.getProperty("java.class.path"), "-Xmx" + o.serverHeapMb() + "m",
                        "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", FortunaServer.class.getName(), "--port",
                        String.valueOf(port), "--bot-delay", String.valueOf(BOT_DELAY_MS)));
                if (o.jdbcUrl() == null) {
                    cmd.addAll(List.of("--data", dir.resolve("h2").toString()));
                } else {
                    cmd.addAll(List.of("--db", o.jdbcUrl()));
                }
                Process p = new ProcessBuilder(cmd)
                        .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("server-" + index + ".log").toFile()))
                        .start();
                process = p;
                CompletableFuture<Boolean> listening = new CompletableFuture<>();
                Thread reader = new Thread(() -> {
                    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                            StandardCharsets.UTF_8))) {
                        for (String line; (line = out.readLine()) != null; ) {
                            Matcher m = LISTENING.matcher(line);
                            if (m.find()) {
                                listening.complete(true);
                            }
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                    listening.complete(false);
                }, "chaos-server-out-" + index);
                reader.setDaemon(true);
                reader.start();
                try {
                    if (listening.get(60, TimeUnit.SECONDS)) {
                        up = true;
                        return;
                    }
                    last = new IllegalStateException("server " + index + " ended without listening (exit "
                            + p.waitFor() + "); see " + dir.resolve("server-" + index + ".log"));
                } catch (java.util.concurrent.TimeoutException e) {
                    p.destroyForcibly();
                    last = new IllegalStateException("server " + index + " did not listen within 60 s");
                }
                Thread.sleep(500); // the port may still be held by the process just killed
            }
            throw last;
        }

        /** SIGKILL: no shutdown hook runs, nothing is flushed or closed. */
        void kill() {
            up = false;
            Process p = process;
            if (p != null) {
                p.destroyForcibly();
                try {
                    p.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        /** SIGTERM: the server closes its database. */
        void stop() throws InterruptedException {
            up = false;
            Process p = process;
            if (p != null) {
                p.destroy();
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        }
    }

    private ServerProcess anyUp() {
        for (int i = 0; i < 600 && !stopping; i++) {
            List<ServerProcess> up = servers.stream().filter(s -> s.up).toList();
            if (!up.isEmpty()) {
                return up.get(random.nextInt(up.size()));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return servers.get(0);
    }

    // ----------------------------------------------------------------------------------------------------------
    // HTTP
    // ----------------------------------------------------------------------------------------------------------

    record Reply(int status, String body) {
        <T> T as(Class<T> type) {
            return Json.read(body, type);
        }
    }

    private Reply get(ServerProcess s, String path) throws IOException {
        return send(HttpRequest.newBuilder(URI.create("http://localhost:" + s.port + path))
                .timeout(Duration.ofSeconds(10)).GET().build());
    }

    private Reply post(ServerProcess s, String path, String token, Object body) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + s.port + path))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json");
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.POST(HttpRequest.BodyPublishers.ofString(body instanceof String t ? t : Json.write(body)))
                .build());
    }

    private Reply send(HttpRequest r) throws IOException {
        try {
            HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
            return new Reply(resp.statusCode(), resp.body());
        } catch (IOException e) {
            connectsRefused.incrementAndGet();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** A lobby request, sent again (to a live server) until it is answered with a success. */
    private Reply lobby(String what, String path, String token, Object body) throws IOException {
        for (int attempt = 0; ; attempt++) {
            if (stopping) {
                throw new IOException("stopping");
            }
            try {
                Reply r = post(anyUp(), path, token, body);
                if (r.status() / 100 == 2) {
                    return r;
                }
                if (r.status() < 500 && r.status() != 429) {
                    violation(what + " refused: " + r.status() + " " + r.body());
                    throw new IOException(what + " refused: " + r.body());
                }
            } catch (IOException e) {
                if (e.getMessage() != null && e.getMessage().startsWith(what)) {
                    throw e;
                }
            }
            if (attempt > 600) {
                throw new IOException(what + " failed for a minute");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // Games and their clients
    // ----------------------------------------------------------------------------------------------------------

    private final class Game {
        final int slot;
        final Kind kind;
        final String id;
        final List<Client> clients = new CopyOnWriteArrayList<>();
        volatile boolean replaced;

        Game(int slot, Kind kind, String id) {
            this.slot = slot;
            this.kind = kind;
            this.id = id;
        }

        /** A client saw the game end: a new game takes its slot (once). */
        void ended() {
            synchronized (this) {
                if (replaced || !acting || stopping) {
                    return;
                }
                replaced = true;
            }
            work.execute(() -> {
                try {
                    startGame(slot, kind);
                } catch (Exception e) {
                    if (!stopping) {
                        violation("could not start a new game in slot " + slot + ": " + e);
                    }
                }
            });
        }
    }

    /** Creates a game through a live server, seats its people, and connects its clients. */
    private void startGame(int slot, Kind kind) throws IOException {
        Lobby.SeatSpec person = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null);
        List<Lobby.SeatSpec> seats = switch (kind) {
            case PEOPLE -> List.of(person, person);
            case PERSON_BOT -> List.of(person, new Lobby.SeatSpec(Lobby.SeatKind.BOT, PERSON_BOT, null));
            case BOTS -> List.of(new Lobby.SeatSpec(Lobby.SeatKind.BOT, BOTS_BOT, null),
                    new Lobby.SeatSpec(Lobby.SeatKind.BOT, BOTS_BOT, null));
        };
        Lobby.Created created = lobby("creating a game", "/api/games", null, new Lobby.CreateGame(null, seats))
                .as(Lobby.Created.class);
        Game g = new Game(slot, kind, created.gameId());
        for (int attempt = 0; attempt < 100; attempt++) {
            Lobby.GameSummary last = null;
            for (Lobby.Invitation inv : created.invitations()) {
                // A join whose answer a kill swallowed is sent again: joining twice is joining.
                last = lobby("joining", "/api/games/" + g.id + "/join", inv.token(), "").as(Lobby.GameSummary.class);
            }
            if (last == null || last.status() == Lobby.Status.RUNNING || last.status() == Lobby.Status.FINISHED) {
                break;
            }
        }
        games.add(g);
        int n = 0;
        for (Lobby.Invitation inv : created.invitations()) {
            g.clients.add(new Client(g, inv.seat(), inv.token(), (slot + n++) % o.servers()));
        }
        g.clients.add(new Client(g, null, null, (slot + n) % o.servers()));
        g.clients.forEach(c -> c.connect(c.preferred));
    }

    /** Every half second: each client that has heard nothing for a while asks for what it missed. */
    private void watch() {
        for (Game g : games) {
            for (Client c : g.clients) {
                c.tick();
            }
        }
    }

    /** A person (seat and token) or a spectator (no seat) on a WebSocket, reconnecting when its server dies. */
    private final class Client implements WebSocket.Listener {
        final Game game;
        final Integer seat;
        final String token;
        final int preferred;
        // Guarded by this.
        private long version = -1;
        private final Map<Long, Long> updates = new HashMap<>(), snapshotsAt = new HashMap<>();
        private GameView.DecisionView decision;
        private WebSocket ws;
        private int server;
        private boolean resyncAsked, over, closed;
        /** The version an action was sent (or is about to be) for, or -1; whether its answer is awaited. */
        private long actingAt = -1;
        private boolean awaiting;
        private long lastHeard = System.nanoTime(), sentAt;
        private final StringBuilder partial = new StringBuilder();
        private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);
        private final Random rnd;

        Client(Game game, Integer seat, String token, int preferred) {
            this.game = game;
            this.seat = seat;
            this.token = token;
            this.preferred = preferred;
            this.rnd = new Random(o.seed() * 31 + game.id.hashCode() + (seat == null ? 7 : seat));
        }

        synchronized long version() {
            return version;
        }

        synchronized boolean over() {
            return over;
        }

        void connect(int target) {
            synchronized (this) {
                if (closed || stopping) {
                    return;
                }
                server = target;
            }
            ServerProcess s = servers.get(target);
            long v = version();
            String query = (token == null ? "" : "token=" + token) + (v < 0 ? "" : (token == null ? "" : "&")
                    + "version=" + v);
            URI uri = URI.create("ws://localhost:" + s.port + "/api/games/" + game.id + "/ws"
                    + (query.isEmpty() ? "" : "?" + query));
            http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(2)).buildAsync(uri, this)
                    .whenComplete((w, e) -> {
                        if (e != null) {
                            connectsRefused.incrementAndGet();
                            reconnectLater(target);
                        }
                    });
        }

        /** After a lost connection: the other server when there are two (its games go on there), else the same. */
        private void reconnectLater(int failed) {
            if (stopping) {
                return;
            }
            timer.schedule(() -> connect((failed + 1) % o.servers()), 100 + rnd.nextInt(100), TimeUnit.MILLISECONDS);
        }

        @Override
        public void onOpen(WebSocket w) {
            synchronized (this) {
                ws = w;
                resyncAsked = false;
                lastHeard = System.nanoTime();
                if (closed) {
                    w.abort();
                    return;
                }
            }
            w.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
            String text = null;
            synchronized (this) {
                partial.append(data);
                if (last) {
                    text = partial.toString();
                    partial.setLength(0);
                }
            }
            if (text != null) {
                try {
                    receive(w, Json.read(text, ServerMessage.class));
                } catch (RuntimeException e) {
                    violation("game " + game.id + ": unreadable message " + text + ": " + e);
                }
            }
            w.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket w, int statusCode, String reason) {
            lost(w);
            return null;
        }

        @Override
        public void onError(WebSocket w, Throwable error) {
            lost(w);
        }

        private void lost(WebSocket w) {
            int failed;
            synchronized (this) {
                if (w != ws) {
                    return;
                }
                ws = null;
                partial.setLength(0);
                if (awaiting) {
                    awaiting = false;
                    inFlight.decrementAndGet();
                }
                actingAt = -1; // decided again on the resync's answer
                if (over || closed) {
                    return;
                }
                failed = server;
            }
            reconnectLater(failed);
        }

        private synchronized void receive(WebSocket w, ServerMessage m) {
            if (w != ws) {
                return;
            }
            lastHeard = System.nanoTime();
            if (m instanceof ServerMessage.Snapshot s) {
                long v = s.version();
                if (v < version) {
                    violation(who() + " got a snapshot at version " + v + " after version " + version
                            + " (an update it saw is gone)");
                    return;
                }
                long d = digest(Json.write(s.view()));
                Long before = snapshotsAt.put(v, d);
                if (before != null && before != d) {
                    violation(who() + " got two different snapshots at version " + v);
                }
                snapshots.incrementAndGet();
                version = v;
                decided(s.view().decision());
            } else if (m instanceof ServerMessage.Update u) {
                long v = u.version();
                long d = updateDigest(u.action(), u.events(), u.decision());
                if (v == version + 1 && version >= 0) {
                    updates.put(v, d);
                    updatesSeen.incrementAndGet();
                    version = v;
                    decided(u.decision());
                } else if (v <= version && version >= 0) {
                    Long first = updates.get(v);
                    if (first != null && first == d && resyncAsked) {
                        redelivered.incrementAndGet();
                    } else if (first != null && first != d) {
                        violation(who() + " got two different updates at version " + v);
                    } else {
                        violation(who() + " got version " + v + " again after version " + version
                                + (resyncAsked ? "" : " without asking"));
                    }
                } else {
                    violation(who() + " got version " + v + " after version " + version + " (a gap)");
                }
            } else if (m instanceof ServerMessage.Ack a) {
                answered();
                acks.add(new Acked(game.id, seat, a.clientActionId(), a.ply(), a.version(),
                        sent.get(a.clientActionId())));
            } else if (m instanceof ServerMessage.Rejected r) {
                answered();
                refused(r.rejection());
            } else if (m instanceof ServerMessage.Error e) {
                refused(e.rejection());
            } else if (m instanceof ServerMessage.Presence p && p.status() == Lobby.Status.FINISHED) {
                finished();
            }
        }

        /** The actions sent, by client action id (an acknowledgement names only the id). */
        private final Map<String, ActionDto> sent = new HashMap<>();

        private void answered() {
            if (awaiting) {
                awaiting = false;
                inFlight.decrementAndGet();
            }
        }

        private void refused(Rejection r) {
            refusals.computeIfAbsent(r.code().name(), k -> new AtomicLong()).incrementAndGet();
            switch (r.code()) {
                case UNAVAILABLE, INTERNAL, THROTTLED, GAME_NOT_STARTED -> {
                    if (r.code() == ErrorCode.INTERNAL) {
                        violation(who() + ": the server failed on an action: " + r);
                    }
                    actingAt = -1; // send it again (same client action id) a little later
                    long v = version;
                    timer.schedule(() -> {
                        synchronized (Client.this) {
                            if (version == v) {
                                decided(decision);
                            }
                        }
                    }, 200, TimeUnit.MILLISECONDS);
                }
                case STALE_PLY, CONFLICT, GAME_OVER, NOT_A_PERSON_SEAT -> {
                    // the game moved on, on this server or another: its updates follow
                }
                default -> violation(who() + ": an action was refused: " + r);
            }
        }

        /** Under the lock: the decision now; a person acts on its own after a think time. */
        private void decided(GameView.DecisionView d) {
            decision = d;
            if (d.kind() == DecisionKind.GAME_OVER) {
                finished();
                return;
            }
            if (seat == null || !acting || !seat.equals(d.seat()) || actingAt == version) {
                return;
            }
            long v = version;
            actingAt = v;
            timer.schedule(() -> act(v), 20 + rnd.nextInt(80), TimeUnit.MILLISECONDS);
        }

        /** Under the lock: the game is over; the connection closes and a new game takes the slot. */
        private void finished() {
            if (!over) {
                over = true;
                answered(); // the last action's acknowledgement, if it is still to come, is not waited for
                if (ws != null) {
                    WebSocket w = ws;
                    ws = null;
                    w.abort();
                }
                game.ended();
            }
        }

        private void act(long v) {
            WebSocket w;
            ActionRequest req;
            int target;
            boolean overHttp;
            synchronized (this) {
                if (version != v || ws == null || !acting || over || actingAt != v) {
                    if (actingAt == v) {
                        actingAt = -1;
                    }
                    return;
                }
                ActionDto a = Scripted.choose(decision, v);
                // The same decision always gets the same id: a resend after a lost answer is the same request.
                req = new ActionRequest(a, (int) v, "s" + seat + "-" + v);
                sent.put(req.clientActionId(), a);
                w = ws;
                target = server;
                overHttp = rnd.nextInt(4) == 0;
                if (!awaiting) {
                    awaiting = true;
                    inFlight.incrementAndGet();
                }
                sentAt = System.nanoTime();
            }
            if (overHttp) {
                work.execute(() -> actOverHttp(target, req, v));
            } else {
                sendText(w, Json.write(new ClientMessage.Act(req.action(), req.ply(), req.clientActionId())));
            }
        }

        private void actOverHttp(int target, ActionRequest req, long v) {
            Reply r;
            try {
                r = post(servers.get(target), "/api/games/" + game.id + "/actions", token, req);
            } catch (IOException e) {
                synchronized (this) {
                    if (awaiting && actingAt == v) {
                        awaiting = false;
                        inFlight.decrementAndGet();
                        actingAt = -1; // its WebSocket will be lost too, and the resync decides again
                    }
                }
                return;
            }
            synchronized (this) {
                if (r.status() == 200) {
                    ServerMessage.Ack a = (ServerMessage.Ack) r.as(ServerMessage.class);
                    acks.add(new Acked(game.id, seat, a.clientActionId(), a.ply(), a.version(), req.action()));
                    if (actingAt == v) {
                        answered();
                    }
                } else {
                    Rejection rej = r.as(Rejection.class);
                    if (actingAt == v) {
                        answered();
                    }
                    refused(rej);
                }
            }
        }

        private synchronized void sendText(WebSocket w, String text) {
            sending = sending.handle((x, e) -> null).thenCompose(x -> w.sendText(text, true))
                    .exceptionally(e -> null);
        }

        /** Every half second: a connection silent for 2 s asks for what it missed; an unanswered action is resent. */
        synchronized void tick() {
            if (ws == null || over || closed) {
                return;
            }
            long now = System.nanoTime();
            if (awaiting && now - sentAt > 3_000_000_000L) {
                awaiting = false;
                inFlight.decrementAndGet();
                actingAt = -1;
                decided(decision);
            } else if (now - lastHeard > 2_000_000_000L) {
                askResync();
            } else if (decision != null && seat != null && acting && seat.equals(decision.seat()) && actingAt != version
                    && decision.kind() != DecisionKind.GAME_OVER) {
                decided(decision);
            }
        }

        synchronized void resyncIfIdle() {
            if (ws != null && !over && !awaiting) {
                askResync();
            }
        }

        private void askResync() {
            resyncAsked = true;
            lastHeard = System.nanoTime();
            sendText(ws, Json.write(new ClientMessage.Resync(version)));
        }

        void close() {
            WebSocket w;
            synchronized (this) {
                closed = true;
                w = ws;
                ws = null;
            }
            if (w != null) {
                w.abort();
            }
        }

        String who() {
            return "game " + game.id + " " + (seat == null ? "spectator" : "seat " + seat);
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // The check
    // ----------------------------------------------------------------------------------------------------------

    static long digest(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String p : parts) {
                sha.update(p.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return ByteBuffer.wrap(sha.digest()).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static long updateDigest(SeatAction action, List<EventDto> events, GameView.DecisionView decision) {
        return digest(Json.write(action), Json.write(events), Json.write(decision));
    }

    private record StoredAction(int ply, int seat, String actionJson, String clientActionId) {
    }

    /** Reads the store and checks every game; returns games stored, finished, and actions stored. */
    private int[] check() throws SQLException {
        String url = o.jdbcUrl() != null ? o.jdbcUrl() : ServerConfig.h2(dir.resolve("h2"));
        beforeCheck.accept(url);
        Map<String, Game> played = new HashMap<>();
        games.forEach(g -> played.put(g.id, g));
        Map<String, List<Acked>> acked = new HashMap<>();
        Map<String, Integer> ackedPly = new HashMap<>();
        for (Acked a : acks) {
            acked.computeIfAbsent(a.gameId(), k -> new ArrayList<>()).add(a);
            Integer before = ackedPly.put(a.gameId() + "/" + a.seat() + "/" + a.clientActionId(), a.ply());
            if (before != null && before != a.ply()) {
                violation("game " + a.gameId() + " seat " + a.seat() + ": " + a.clientActionId()
                        + " was acknowledged at plies " + before + " and " + a.ply());
            }
        }
        int stored = 0, finished = 0, actions = 0;
        Set<String> seen = new HashSet<>();
        try (Connection c = DriverManager.getConnection(url)) {
            List<String[]> rows = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("select id, setup_json, draws, status, record_json from games");
                 ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    rows.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5)});
                }
            }
            for (String[] row : rows) {
                List<StoredAction> stored1 = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement("select ply, seat, action_json, client_action_id "
                        + "from actions where game_id = ? order by ply")) {
                    p.setString(1, row[0]);
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            stored1.add(new StoredAction(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4)));
                        }
                    }
                }
                seen.add(row[0]);
                stored++;
                actions += stored1.size();
                if (checkGame(row[0], row[1], row[2], row[3], row[4], stored1, played.get(row[0]),
                        acked.getOrDefault(row[0], List.of()))) {
                    finished++;
                }
            }
        }
        for (Game g : games) {
            if (!seen.contains(g.id)) {
                violation("game " + g.id + " was created but is not in the store");
            }
        }
        return new int[] {stored, finished, actions};
    }

    /** Checks one stored game against the engine and its clients; true when it is finished (record checked). */
    private boolean checkGame(String id, String setupJson, String draws, String status, String recordJson,
                              List<StoredAction> actions, Game game, List<Acked> acked) {
        GameSession session = new GameSession(Json.read(setupJson, GameSetup.class).toConfig(0)
                .withDraws(Arrays.asList(draws.split(","))));
        List<Client> clients = game == null ? List.of() : game.clients;
        Map<Integer, StoredAction> byPly = new HashMap<>();
        Set<String> ids = new HashSet<>();
        checkSnapshots(id, session, clients, 0);
        for (int i = 0; i < actions.size(); i++) {
            StoredAction a = actions.get(i);
            if (a.ply() != i) {
                violation("game " + id + ": ply " + a.ply() + " stored where ply " + i + " belongs");
                return false;
            }
            byPly.put(i, a);
            String expected = (a.clientActionId() != null && a.clientActionId().startsWith("bot-") ? "bot-"
                    : "s" + a.seat() + "-") + i;
            if (!expected.equals(a.clientActionId())) {
                violation("game " + id + ": ply " + i + " was stored for the decision of " + a.clientActionId()
                        + " (applied twice, or at the wrong ply)");
            }
            if (!ids.add(a.seat() + "/" + a.clientActionId())) {
                violation("game " + id + ": client action " + a.clientActionId() + " of seat " + a.seat()
                        + " is stored twice");
            }
            ActionDto dto = Json.read(a.actionJson(), ActionDto.class);
            GameSession.Attempt at = session.attempt(a.seat(), dto.toAction());
            if (!(at instanceof GameSession.Accepted ok)) {
                violation("game " + id + ": the engine refuses stored ply " + i + ": "
                        + ((GameSession.Refused) at).rejection());
                return false;
            }
            List<EventDto> events = EventDto.of(session.advance(ok));
            long v = i + 1;
            long d = updateDigest(new SeatAction(a.seat(), i, dto), events, session.decision());
            for (Client c : clients) {
                Long seenD;
                synchronized (c) {
                    seenD = c.updates.get(v);
                }
                if (seenD != null) {
                    updatesCompared++;
                    if (seenD != d) {
                        violation(c.who() + ": the update it saw at version " + v + " is not the replay's");
                    }
                }
            }
            checkSnapshots(id, session, clients, v);
        }
        for (Client c : clients) {
            long last = c.version();
            if (last > actions.size()) {
                violation(c.who() + " saw version " + last + " but only " + actions.size() + " actions are stored "
                        + "(acknowledged and lost)");
            } else if (game.kind != Kind.BOTS && last != actions.size()) {
                violation(c.who() + " last saw version " + last + " but " + actions.size() + " actions are stored");
            }
        }
        for (Acked a : acked) {
            StoredAction s = byPly.get(a.ply());
            if (s == null) {
                violation("game " + id + ": acknowledged ply " + a.ply() + " (" + a.clientActionId()
                        + ") is not stored");
            } else if (s.seat() != a.seat() || !a.clientActionId().equals(s.clientActionId())
                    || !Json.read(s.actionJson(), ActionDto.class).equals(a.action()) || a.version() != a.ply() + 1) {
                violation("game " + id + ": acknowledged ply " + a.ply() + " (" + a.clientActionId() + ", "
                        + a.action() + ") is stored as " + s);
            }
        }
        if (session.isOver() && !Lobby.Status.FINISHED.name().equals(status)) {
            violation("game " + id + " is over after its stored actions but not stored as finished");
        }
        if (Lobby.Status.FINISHED.name().equals(status)) {
            if (!session.isOver()) {
                violation("game " + id + " is stored as finished but its actions do not end it");
                return false;
            }
            try {
                Replay.Result r = Replay.run(GameRecords.fromJson(recordJson));
                if (!Arrays.equals(r.state().scores(), session.scores()) || !r.state().isOver()) {
                    violation("game " + id + ": its record replays to scores " + Arrays.toString(r.state().scores())
                            + ", its actions to " + Arrays.toString(session.scores()));
                }
            } catch (Exception e) {
                violation("game " + id + ": its record does not replay: " + e);
            }
            return true;
        }
        return false;
    }

    private void checkSnapshots(String id, GameSession session, List<Client> clients, long v) {
        for (Client c : clients) {
            Long seenD;
            synchronized (c) {
                seenD = c.snapshotsAt.get(v);
            }
            if (seenD != null) {
                snapshotsCompared++;
                if (seenD != digest(Json.write(session.view(c.seat)))) {
                    violation(c.who() + ": the snapshot it saw at version " + v + " is not the replay's");
                }
            }
        }
    }

    static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(s.toList());
            Collections.reverse(all);
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is not a failure of the run
        }
    }
}
