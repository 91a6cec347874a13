package dev.fortuna.server;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Sector;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.ServerMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The hostile-input fuzzer: a real server on loopback gets malformed and malicious HTTP requests and WebSocket
 * messages (bad JSON, wrong types, huge bodies, deep nesting, unknown actions, actions for another seat, other
 * games' tokens, stale and future plies, replayed client action ids, binary frames, foreign origins, bad paths,
 * methods, content types and query parameters, malformed HTTP, a flood from one connection and one address) while
 * scripted people play normal games over WebSocket. Every case must get a clear refusal with a stable code (JSON
 * with a {@code code} for HTTP, an {@code error} or {@code rejected} message for WebSocket) from the set the case
 * expects; the server must stay up; the stored rows of every game but the people's must be the same afterwards; and
 * no seat token may appear in the server's log. The people's acknowledgement latency is measured meanwhile.
 */
public final class HostileInput {
    /** Requests that change things are paced below the server's per-address flood control (200 a second). */
    static final double POSTS_PER_SECOND = 150;
    /** A pooled WebSocket sends at most one message in this long (the server allows 20 a second per connection). */
    static final long WS_SPACING_MILLIS = 60;
    static final int REPLY_TIMEOUT_MILLIS = 10_000, WORKERS = 4, CONNECTIONS_PER_ROLE = 4;
    static final int WS_FLOOD = 100, HTTP_FLOOD = 800;
    /** The people play this long alone, for their latency without hostile cases. */
    static final long BASELINE_MILLIS = 3000;

    /**
     * @param cases       how many hostile requests and messages, the floods' included (at least 1000)
     * @param db          a PostgreSQL JDBC URL (an empty database), or null: H2 in a temporary directory
     * @param seed        seed of the cases (the same seed, the same cases)
     * @param normalGames games of two scripted people playing meanwhile
     * @param p99TargetMs the people's acknowledgement p99 target
     */
    public record Options(int cases, String db, long seed, int normalGames, double p99TargetMs) {
        public Options {
            if (cases < 1000) {
                throw new IllegalArgumentException("--cases must be at least 1000, not " + cases);
            }
            if (normalGames < 1 || normalGames > 100) {
                throw new IllegalArgumentException("--games must be 1 to 100, not " + normalGames);
            }
        }
    }

    /**
     * What a run found.
     *
     * @param counts         cases by category, then by outcome (a code, or PONG, ACK_REPLAYED, SNAPSHOT, CLOSED_n)
     * @param failures       cases whose outcome was not one the case allows (a crash, a 500, a wrong code, …)
     * @param changedGames   stored games (not the people's) whose rows differ afterwards, or that appeared
     * @param tokensInLog    seat tokens found in what the server logged during the run
     * @param normalP99Ms    the people's acknowledgement latency while the hostile cases ran (the floods apart);
     *                       {@code baseline…} before any hostile case, {@code flood…} during the floods
     */
    public record Result(String database, int cases, Map<String, Map<String, Integer>> counts, long failures,
                         List<String> failureSamples, int gamesCompared, List<String> changedGames, long normalActions,
                         long normalRefused, double normalP50Ms, double normalP99Ms, double normalMaxMs, long logLines,
                         List<String> logSamples, int tokensInLog, boolean serverUp, double seconds,
                         double p99TargetMs, List<String> normalProblems, double baselineP50Ms,
                         double baselineP99Ms, long baselineActions, double floodP99Ms, long floodActions) {
        /** Every case as it should be, nothing stored changed, no token logged, the server up, no person refused. */
        public boolean passed() {
            return failures == 0 && changedGames.isEmpty() && tokensInLog == 0 && serverUp && normalRefused == 0;
        }

        public boolean withinTarget() {
            return normalP99Ms <= p99TargetMs;
        }

        /** Cases by outcome over all categories. */
        public Map<String, Integer> byOutcome() {
            Map<String, Integer> out = new TreeMap<>();
            counts.values().forEach(m -> m.forEach((k, v) -> out.merge(k, v, Integer::sum)));
            return out;
        }
    }

    /** Runs the fuzzer against a server it starts (and stops) itself. */
    public static Result run(Options o, Consumer<String> progress) throws Exception {
        Path dir = o.db() == null ? Files.createTempDirectory("fortuna-fuzz-") : null;
        String url = dir != null ? ServerConfig.h2(dir) : o.db();
        LogTap tap = LogTap.install();
        try {
            FortunaServer server = FortunaServer.start(new ServerConfig("127.0.0.1", 0, url, 1, 200, 0, null));
            try {
                return new HostileInput(o, server.port(), url, progress, tap).go();
            } finally {
                server.close();
            }
        } finally {
            tap.uninstall();
            if (dir != null) {
                Chaos.deleteTree(dir);
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------------

    private final Options o;
    private final int port;
    private final String jdbcUrl;
    private final Consumer<String> progress;
    private final LogTap tap;
    private final RawHttp raw;
    private final String base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final Pacer posts = new Pacer(POSTS_PER_SECOND);
    private final Map<String, Map<String, Integer>> counts = new TreeMap<>();
    private final AtomicLong failures = new AtomicLong();
    private final List<String> failureSamples = Collections.synchronizedList(new ArrayList<>());
    /** Every seat token handed out during the run (fixtures and the people's games): none may be logged. */
    private final Set<String> tokens = ConcurrentHashMap.newKeySet();
    /**
     * The name of every seat of the people's games, which change and are left out of the comparison: they are
     * known by what is stored, not by the ids their creator got back, since a game can be stored whose creation
     * answer its creator never read (a replacement game created while the people stop).
     */
    static final String PERSON_NAME = "fuzz-person";

    private Fixture a, b, open, done;
    private final Map<Role, BlockingQueue<Conn>> pools = new ConcurrentHashMap<>();

    private HostileInput(Options o, int port, String jdbcUrl, Consumer<String> progress, LogTap tap) {
        this.o = o;
        this.port = port;
        this.jdbcUrl = jdbcUrl;
        this.progress = progress;
        this.tap = tap;
        this.raw = new RawHttp("127.0.0.1", port);
        this.base = "http://127.0.0.1:" + port;
    }

    /** A game the cases aim at: its id, its person seats' tokens, and (running games) where it stands. */
    static final class Fixture {
        final String id;
        final List<String> tokens;
        /** Applied actions: seat, client action id, the acknowledgement's JSON. */
        final List<Applied> applied = new ArrayList<>();
        int ply;
        int deciding = -1;
        ActionDto legal;

        Fixture(String id, List<String> tokens) {
            this.id = id;
            this.tokens = tokens;
        }

        String token(int seat) {
            return tokens.get(seat);
        }
    }

    record Applied(int seat, int ply, String clientActionId, String ackJson) {
    }

    private Result go() throws Exception {
        long start = System.nanoTime();
        progress.accept("setting up: four games to aim at (two running, one open, one finished)");
        a = running();
        b = running();
        open = openGame();
        done = finished();
        Map<String, String> before = snapshot();
        Normal normal = new Normal();
        normal.start(o.normalGames());
        for (Role r : Role.values()) {
            BlockingQueue<Conn> q = new LinkedBlockingQueue<>();
            for (int i = 0; i < CONNECTIONS_PER_ROLE; i++) {
                q.add(connect(r));
            }
            pools.put(r, q);
        }
        Thread.sleep(1000); // the people play a while before the hostile cases begin
        normal.current = normal.baseline;
        Thread.sleep(BASELINE_MILLIS);
        normal.current = normal.acks;
        int floods = WS_FLOOD + HTTP_FLOOD;
        int regular = o.cases() - floods;
        progress.accept("sending " + regular + " hostile requests and messages, then a flood of " + WS_FLOOD
                + " messages on one connection and " + HTTP_FLOOD + " requests from one address; " + o.normalGames()
                + " games of two people play meanwhile");
        AtomicInteger next = new AtomicInteger();
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS, daemon("fuzz"));
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        long lastReport = System.nanoTime();
        for (int w = 0; w < WORKERS; w++) {
            futures.add(CompletableFuture.runAsync(() -> {
                for (int i; (i = next.getAndIncrement()) < regular; ) {
                    runCase(i);
                }
            }, workers));
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
        while (!all.isDone()) {
            Thread.sleep(200);
            if (System.nanoTime() - lastReport > 5e9) {
                lastReport = System.nanoTime();
                progress.accept(String.format(Locale.ROOT, "  %d of %d cases, %d not as expected", Math.min(next.get(),
                        regular), regular, failures.get()));
            }
        }
        all.join();
        normal.current = normal.flood;
        wsFlood();
        httpFlood();
        normal.current = null;
        normal.stop();
        workers.shutdownNow();
        pools.values().forEach(q -> q.forEach(Conn::close));
        boolean up = get("/health").status == 200;
        Map<String, String> after = snapshot();
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> e : before.entrySet()) {
            if (!e.getValue().equals(after.get(e.getKey()))) {
                changed.add(e.getKey() + " (stored rows differ)");
            }
        }
        for (String id : after.keySet()) {
            if (!before.containsKey(id)) {
                changed.add(id + " (a game nobody meant to create)");
            }
        }
        String log = tap.text();
        int leaked = 0;
        for (String t : tokens) {
            if (log.contains(t)) {
                leaked++;
            }
        }
        List<String> logLines = log.lines().filter(l -> !l.isBlank()).toList();
        int cases = counts.values().stream().mapToInt(m -> m.values().stream().mapToInt(Integer::intValue).sum()).sum();
        return new Result(jdbcUrl.startsWith("jdbc:postgresql:") ? "PostgreSQL" : "H2", cases, counts,
                failures.get(), List.copyOf(failureSamples), before.size(), changed, normal.acks.count(),
                normal.refused.get(), normal.acks.quantileMs(0.5), normal.acks.quantileMs(0.99),
                normal.acks.max() / 1e6, logLines.size(), logLines.stream().limit(10).toList(), leaked, up,
                (System.nanoTime() - start) / 1e9, o.p99TargetMs(), normal.problems.stream().limit(10).toList(),
                normal.baseline.quantileMs(0.5), normal.baseline.quantileMs(0.99), normal.baseline.count(),
                normal.flood.quantileMs(0.99), normal.flood.count());
    }

    // ----------------------------------------------------------------------------------------------------------
    // Fixtures (over plain HTTP, before the snapshot)
    // ----------------------------------------------------------------------------------------------------------

    private record Answer(int status, String body) {
    }

    private Answer send(HttpRequest.Builder b) {
        try {
            for (int attempt = 0; ; attempt++) {
                HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 429 && attempt < 400) {
                    Thread.sleep(25); // the lobby's flood control, which the hostile cases also drain
                    continue;
                }
                return new Answer(r.statusCode(), r.body());
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Answer get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET());
    }

    private Answer post(String path, String token, Object body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : Json.write(body)));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b);
    }

    private static final Lobby.SeatSpec PERSON = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null);

    /** A game of two person seats, named {@code name} (null: no name). */
    private Fixture create(boolean joinBoth, String name) {
        Lobby.SeatSpec person = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, name);
        Answer r = post("/api/games", null, new Lobby.CreateGame(null, List.of(person, person)));
        if (r.status() != 201) {
            throw new IllegalStateException("creating a game answered " + r.status() + ": " + r.body());
        }
        Lobby.Created c = Json.read(r.body(), Lobby.Created.class);
        List<String> ts = c.invitations().stream().map(Lobby.Invitation::token).toList();
        tokens.addAll(ts);
        Fixture f = new Fixture(c.gameId(), ts);
        for (int s = 0; s < (joinBoth ? 2 : 1); s++) {
            Answer j = post("/api/games/" + f.id + "/join", f.token(s), "");
            if (j.status() != 200) {
                throw new IllegalStateException("joining answered " + j.status() + ": " + j.body());
            }
        }
        return f;
    }

    /** Plays one decision by its seat; false when the game is over. */
    private boolean playOne(Fixture f) {
        GameView v = Json.read(get("/api/games/" + f.id + "/view").body(), GameView.class);
        f.ply = v.ply();
        if (v.decision().kind() == DecisionKind.GAME_OVER) {
            f.deciding = -1;
            return false;
        }
        int seat = v.decision().seat();
        ActionDto act = Scripted.choose(v.decision(), v.ply());
        String cid = "fixture-" + v.ply();
        Answer r = post("/api/games/" + f.id + "/actions", f.token(seat), new ActionRequest(act, v.ply(), cid));
        if (r.status() != 200) {
            throw new IllegalStateException("a fixture's action answered " + r.status() + ": " + r.body());
        }
        f.applied.add(new Applied(seat, v.ply(), cid, r.body()));
        return true;
    }

    /** A running game of two people, a few plies in, at a tile placement (where no pass or deploy is legal). */
    private Fixture running() {
        Fixture f = create(true, null);
        while (true) {
            GameView v = Json.read(get("/api/games/" + f.id + "/view").body(), GameView.class);
            if (v.ply() >= 4 && v.decision().kind() == DecisionKind.PLACE_TILE) {
                f.ply = v.ply();
                f.deciding = v.decision().seat();
                f.legal = Scripted.choose(v.decision(), v.ply());
                return f;
            }
            playOne(f);
        }
    }

    private Fixture openGame() {
        return create(false, null);
    }

    private Fixture finished() {
        Fixture f = create(true, null);
        while (playOne(f)) {
            // to the end
        }
        return f;
    }

    // ----------------------------------------------------------------------------------------------------------
    // The stored rows of every game, before and after
    // ----------------------------------------------------------------------------------------------------------

    private Map<String, String> snapshot() throws SQLException {
        Map<String, StringBuilder> rows = new TreeMap<>();
        Set<String> people = new HashSet<>();
        try (Connection c = DriverManager.getConnection(jdbcUrl); Statement s = c.createStatement()) {
            collect(s, "select * from games order by id", "id", rows);
            collect(s, "select * from seats order by game_id, seat", "game_id", rows);
            collect(s, "select * from actions order by game_id, ply", "game_id", rows);
            try (ResultSet r = s.executeQuery("select distinct game_id from seats where name = '" + PERSON_NAME
                    + "'")) {
                while (r.next()) {
                    people.add(r.getString(1));
                }
            }
        }
        Map<String, String> out = new TreeMap<>();
        rows.forEach((id, sb) -> {
            if (!people.contains(id)) {
                out.put(id, sb.toString());
            }
        });
        return out;
    }

    private static void collect(Statement s, String sql, String key, Map<String, StringBuilder> rows)
            throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            ResultSetMetaData md = r.getMetaData();
            while (r.next()) {
                StringBuilder sb = rows.computeIfAbsent(r.getString(key), k -> new StringBuilder());
                sb.append(sql, 0, Math.min(sql.length(), 20)).append(':');
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    sb.append(md.getColumnLabel(i).toLowerCase(Locale.ROOT)).append('=').append(r.getString(i))
                            .append(';');
                }
                sb.append('\n');
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // Cases
    // ----------------------------------------------------------------------------------------------------------

    /** One hostile case: its category, what it sends (for a failure's report), what it may get, and the sending. */
    record Probe(String category, String what, Set<String> expected, Supplier<Outcome> send) {
    }

    /** What came back: the outcome's name and, for a report, more detail. */
    record Outcome(String name, String detail) {
        static Outcome of(String name) {
            return new Outcome(name, "");
        }
    }

    private synchronized void count(String category, String outcome) {
        counts.computeIfAbsent(category, k -> new TreeMap<>()).merge(outcome, 1, Integer::sum);
    }

    private void runCase(int i) {
        Random rng = new Random(o.seed() * 1_000_003L + i);
        Probe p;
        try {
            p = probe(rng);
        } catch (RuntimeException e) {
            tally(new Probe("fuzzer", "making case " + i, Set.of(), null), new Outcome("FUZZER_ERROR", e.toString()));
            return;
        }
        Outcome out;
        try {
            out = p.send().get();
        } catch (RuntimeException e) {
            out = new Outcome("FUZZER_ERROR", e.toString());
        }
        tally(p, out);
    }

    private void tally(Probe p, Outcome out) {
        count(p.category(), out.name());
        if (!p.expected().contains(out.name())) {
            failures.incrementAndGet();
            if (failureSamples.size() < 40) {
                failureSamples.add(p.category() + ": " + shorten(p.what()) + " -> " + out.name() + " (expected "
                        + p.expected() + ") " + shorten(out.detail()));
            }
        }
    }

    private static String shorten(String s) {
        return FortunaServer.escapeControls(s.length() > 240 ? s.substring(0, 240) + "…" : s);
    }

    private interface Gen {
        Probe make(Random rng);
    }

    private record Weighted(int weight, Gen gen) {
    }

    private final List<Weighted> gens = List.of(
            new Weighted(8, this::httpBadJson),
            new Weighted(6, this::httpWrongTypes),
            new Weighted(2, this::httpHugeBody),
            new Weighted(2, this::httpDeepNesting),
            new Weighted(4, this::httpUnknownAction),
            new Weighted(4, this::httpAnotherSeat),
            new Weighted(5, this::httpOtherToken),
            new Weighted(4, this::httpStalePly),
            new Weighted(4, this::httpReplayedId),
            new Weighted(3, this::httpFinishedOrOpen),
            new Weighted(4, this::httpBadPath),
            new Weighted(3, this::httpBadMethod),
            new Weighted(3, this::httpContentType),
            new Weighted(4, this::httpBadQuery),
            new Weighted(3, this::httpForeignOrigin),
            new Weighted(3, this::httpMalformed),
            new Weighted(1, this::httpLyingLength),
            new Weighted(6, this::wsBadJson),
            new Weighted(4, this::wsWrongTypes),
            new Weighted(3, this::wsUnknownType),
            new Weighted(1, this::wsDeepNesting),
            new Weighted(1, this::wsTooLarge),
            new Weighted(1, this::wsTooLargeClosed),
            new Weighted(2, this::wsBinary),
            new Weighted(3, this::wsAnotherSeat),
            new Weighted(3, this::wsStalePly),
            new Weighted(3, this::wsReplayedId),
            new Weighted(2, this::wsSpectatorActs),
            new Weighted(2, this::wsFinishedOrOpen),
            new Weighted(3, this::wsHandshake));

    private Probe probe(Random rng) {
        int total = gens.stream().mapToInt(Weighted::weight).sum();
        int x = rng.nextInt(total);
        for (Weighted w : gens) {
            if ((x -= w.weight()) < 0) {
                return w.gen().make(rng);
            }
        }
        throw new AssertionError();
    }

    private static <T> T pick(Random rng, List<T> xs) {
        return xs.get(rng.nextInt(xs.size()));
    }

    @SafeVarargs
    private static <T> T pick(Random rng, T... xs) {
        return xs[rng.nextInt(xs.length)];
    }

    private static Set<String> codes(ErrorCode... cs) {
        Set<String> s = new java.util.HashSet<>();
        for (ErrorCode c : cs) {
            s.add(c.name());
        }
        return s;
    }

    private static String cid(Random rng) {
        return "fz-" + Long.toHexString(rng.nextLong());
    }

    private String actions(Fixture f) {
        return "/api/games/" + f.id + "/actions";
    }

    /** A valid action request as JSON. */
    private static String request(ActionDto a, int ply, String cid) {
        return Json.write(new ActionRequest(a, ply, cid));
    }

    /** Some action of the right shape and ranges (rarely legal: the fixtures are at a tile placement). */
    private static ActionDto anyAction(Random rng) {
        return switch (rng.nextInt(7)) {
            case 0 -> new ActionDto.Place(rng.nextInt(9) - 4, rng.nextInt(9) - 4, 90 * rng.nextInt(4));
            case 1 -> new ActionDto.Deploy(rng.nextInt(6));
            case 2 -> new ActionDto.Crown(pick(rng, Sector.values()));
            case 3 -> new ActionDto.Pass();
            case 4 -> new ActionDto.Return(rng.nextInt(5) - 2, rng.nextInt(5) - 2, rng.nextInt(4));
            case 5 -> new ActionDto.CropChoice(pick(rng, dev.fortuna.engine.CropCircleOption.values()));
            default -> new ActionDto.Add(rng.nextInt(5) - 2, rng.nextInt(5) - 2, rng.nextInt(4));
        };
    }

    /** An action the deciding seat of a fixture at its tile placement cannot legally take. */
    private static ActionDto illegalAtPlacement(Random rng) {
        return switch (rng.nextInt(6)) {
            case 0 -> new ActionDto.Place(0, 0, 0); // the start tile's square
            case 1 -> new ActionDto.Place(100 + rng.nextInt(1000), rng.nextInt(1000), 0); // not adjacent
            case 2 -> new ActionDto.Deploy(rng.nextInt(6));
            case 3 -> new ActionDto.Pass();
            case 4 -> new ActionDto.Crown(pick(rng, Sector.values()));
            default -> new ActionDto.CropChoice(dev.fortuna.engine.CropCircleOption.ADD);
        };
    }

    // ---- HTTP ----

    private Outcome http(String method, String target, Map<String, String> headers, byte[] body) {
        if (!method.equals("GET")) {
            posts.acquire();
        }
        return judge(raw.exchange(raw.request(method, target, headers, body), REPLY_TIMEOUT_MILLIS, false));
    }

    private static Map<String, String> bearer(String token) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        return h;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The outcome of an HTTP answer: its code when it is a proper JSON refusal, else what is wrong with it. */
    static Outcome judge(RawHttp.Reply r) {
        if (r.problem() != null) {
            return new Outcome("NO_ANSWER", r.problem());
        }
        if (!"nosniff".equals(r.header("x-content-type-options")) || r.header("content-security-policy") == null) {
            return new Outcome("NO_SECURITY_HEADERS", r.status() + " " + r.headers());
        }
        if (r.status() < 300) {
            return new Outcome("OK_" + r.status(), r.body());
        }
        String type = r.header("content-type");
        if (type == null || !type.startsWith("application/json")) {
            return new Outcome("NOT_JSON_" + r.status(), type + ": " + r.body());
        }
        if (r.body().contains("\tat ") || r.body().contains("Exception")) {
            return new Outcome("STACK_TRACE", r.body());
        }
        String code;
        try {
            Object c = Json.mapper().readTree(r.body()).path("code").asText(null);
            code = c == null ? null : c.toString();
        } catch (IOException | RuntimeException e) {
            return new Outcome("UNREADABLE_JSON_" + r.status(), r.body());
        }
        if (code == null) {
            return new Outcome("NO_CODE_" + r.status(), r.body());
        }
        ErrorCode ec;
        try {
            ec = ErrorCode.valueOf(code);
        } catch (IllegalArgumentException e) {
            return new Outcome("UNKNOWN_CODE_" + code, r.body());
        }
        if (FortunaServer.httpStatus(ec) != r.status() && FortunaServer.codeOfStatus(r.status()) != ec) {
            return new Outcome("WRONG_STATUS_" + r.status() + "_" + code, r.body());
        }
        return new Outcome(code, r.body());
    }

    private String badJson(Random rng) {
        String valid = request(anyAction(rng), a.ply, cid(rng));
        return switch (rng.nextInt(12)) {
            case 0 -> valid.substring(0, rng.nextInt(valid.length())); // a strict prefix is never a whole object
            case 1 -> valid + pick(rng, "x", "}", "{}", " 1", ",", "]", "\"");
            case 2 -> valid.replace("\"ply\":", "\"ply\":" + a.ply + ",\"ply\":"); // a decoy duplicate key
            case 3 -> pick(rng, "null", "[]", "\"text\"", "42", "true", "{}", "[{}]", "");
            case 4 -> valid.replace('"', '\'');
            case 5 -> "/* comment */" + valid;
            case 6 -> valid.replace("\"ply\":" + a.ply, "\"ply\":NaN");
            case 7 -> {
                StringBuilder sb = new StringBuilder();
                int n = 1 + rng.nextInt(200);
                for (int i = 0; i < n; i++) {
                    sb.append((char) (32 + rng.nextInt(95)));
                }
                yield "{" + sb;
            }
            case 8 -> valid.replace("{", "{\n\u0000");
            case 9 -> valid.replace(":", "=");
            case 10 -> valid.substring(1);
            default -> {
                char[] c = valid.toCharArray();
                int at = 1 + rng.nextInt(c.length - 2);
                c[at] = pick(rng, '{', '}', '[', ']', ':', ',', '"');
                String s = new String(c);
                yield wholeJson(s) ? s + "x" : s; // a change inside a string can leave valid JSON: spoil it
            }
        };
    }

    /** Whether the text is one whole JSON value and nothing after it. */
    static boolean wholeJson(String s) {
        try (com.fasterxml.jackson.core.JsonParser p = Json.mapper().getFactory().createParser(s)) {
            if (p.nextToken() == null) {
                return false;
            }
            p.skipChildren();
            return p.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }

    /** Bytes that are not UTF-8, or not text at all. */
    private static byte[] badBytes(Random rng) {
        byte[] b = new byte[1 + rng.nextInt(300)];
        rng.nextBytes(b);
        b[0] = (byte) (int) pick(rng, 0xff, 0xfe, 0xc0, 0x80, 0xed);
        return b;
    }

    private Probe httpBadJson(Random rng) {
        int target = rng.nextInt(4);
        boolean bytes = rng.nextInt(8) == 0;
        String text = badJson(rng);
        byte[] body = bytes ? badBytes(rng) : utf8(text);
        String what = bytes ? "bytes " + body.length : text;
        return switch (target) {
            case 0 -> new Probe("http bad JSON", "actions " + what, codes(ErrorCode.BAD_REQUEST),
                    () -> http("POST", actions(a), bearer(a.token(1 - a.deciding)), body));
            case 1 -> new Probe("http bad JSON", "create " + what, codes(ErrorCode.BAD_REQUEST),
                    () -> http("POST", "/api/games", bearer(null), body));
            case 2 -> new Probe("http bad JSON", "join " + what, codes(ErrorCode.BAD_REQUEST),
                    () -> http("POST", "/api/games/" + a.id + "/join", bearer(a.token(0)),
                            (text.isBlank() || text.trim().equals("{}")) && !bytes ? utf8("{") : body));
            default -> new Probe("http bad JSON", "finished game's actions " + what, codes(ErrorCode.BAD_REQUEST),
                    () -> http("POST", actions(done), bearer(done.token(0)), body));
        };
    }

    private Probe httpWrongTypes(Random rng) {
        int other = 1 - a.deciding;
        String legal = request(a.legal, a.ply, cid(rng));
        String[][] swaps = {
                {"\"ply\":" + a.ply, "\"ply\":\"" + a.ply + "\""},
                {"\"ply\":" + a.ply, "\"ply\":" + a.ply + ".5"},
                {"\"ply\":" + a.ply, "\"ply\":" + a.ply + ".0"},
                {"\"ply\":" + a.ply, "\"ply\":true"},
                {"\"ply\":" + a.ply, "\"ply\":null"},
                {"\"ply\":" + a.ply, "\"ply\":[" + a.ply + "]"},
                {"\"ply\":" + a.ply, "\"ply\":{}"},
                {"\"ply\":" + a.ply, "\"ply\":2147483648"},
                {"\"ply\":" + a.ply, "\"ply\":-2147483649"},
                {"\"ply\":" + a.ply, "\"ply\":1e2"},
                {"\"ply\":" + a.ply, "\"ply\":99999999999999999999999"},
                {"\"clientActionId\":\"", "\"clientActionId\":5,\"x\":\""},
                {"\"clientActionId\":\"", "\"clientActionId\":null,\"x\":\""},
                {"\"clientActionId\":\"", "\"clientActionId\":[\""},
        };
        String[] s = pick(rng, swaps);
        String body;
        int kind = rng.nextInt(4);
        if (kind == 0) {
            body = legal.replace(s[0], s[1]);
        } else if (kind == 1) {
            body = pick(rng, "{\"action\":\"pass\",\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                    "{\"action\":5,\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                    "{\"action\":[],\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                    "{\"action\":null,\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"place\",\"x\":\"1\",\"y\":0,\"rotation\":0},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"place\",\"x\":1,\"y\":0,\"rotation\":90.0},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"place\",\"x\":1e10,\"y\":0,\"rotation\":0},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"deploy\",\"feature\":\"C1\"},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"crown\",\"sector\":1},\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"crown\",\"sector\":\"NOPE\"},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"crop-choice\",\"option\":0},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":\"crop-choice\",\"option\":\"MAYBE\"},\"ply\":" + a.ply
                            + ",\"clientActionId\":\"w\"}",
                    "{\"action\":{\"type\":[\"place\"]},\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}");
        } else if (kind == 2) {
            body = pick(rng, "{\"seats\":\"two\"}", "{\"seats\":[1,2]}", "{\"seats\":[{\"kind\":\"ROBOT\"},{\"kind\":"
                            + "\"PERSON\"}]}", "{\"seats\":[{\"kind\":0},{\"kind\":1}]}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"graceSeconds\":\"60\"}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"graceSeconds\":1.5}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"setup\":{\"players\":\"2\"}}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"setup\":{\"expansions\":\"crop-"
                            + "circles\"}}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"setup\":{\"farmRule\":3}}",
                    "{\"seats\":[{\"kind\":\"PERSON\",\"name\":7},{\"kind\":\"PERSON\"}]}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"BOT\",\"bot\":[\"greedy\"]}]}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"setup\":{\"twoTileCity\":\"yes\"}}",
                    "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"setup\":{\"crowns\":[\"1\"]}}");
            String create = body;
            return new Probe("http wrong types", "create " + create, codes(ErrorCode.BAD_REQUEST),
                    () -> http("POST", "/api/games", bearer(null), utf8(create)));
        } else {
            body = pick(rng, "{\"name\":7}", "{\"name\":true}", "{\"name\":[\"Ada\"]}", "{\"name\":{}}");
            String join = body;
            return new Probe("http wrong types", "join " + join, codes(ErrorCode.BAD_REQUEST),
                    () -> http("POST", "/api/games/" + a.id + "/join", bearer(a.token(0)), utf8(join)));
        }
        String b2 = body;
        return new Probe("http wrong types", "actions of the other seat " + b2, codes(ErrorCode.BAD_REQUEST),
                () -> http("POST", actions(a), bearer(a.token(other)), utf8(b2)));
    }

    private Probe httpHugeBody(Random rng) {
        int size = pick(rng, FortunaServer.MAX_BODY + 1, 100_000, 300_000, 1_000_000);
        String target = pick(rng, actions(a), "/api/games", "/api/games/" + a.id + "/join");
        String head = "{\"action\":{\"type\":\"pass\"},\"ply\":" + a.ply + ",\"clientActionId\":\"";
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) 'a');
        byte[] h = utf8(head);
        System.arraycopy(h, 0, body, 0, h.length);
        body[size - 2] = '"';
        body[size - 1] = '}';
        boolean chunked = rng.nextBoolean();
        String what = target + ", " + size + " bytes" + (chunked ? ", chunked" : "");
        return new Probe("http huge body", what, codes(ErrorCode.TOO_LARGE), () -> {
            Map<String, String> hs = bearer(a.token(0));
            byte[] bytes = body;
            if (chunked) {
                hs.put("Transfer-Encoding", "chunked");
                bytes = chunk(body, 1 + rng.nextInt(16384));
            }
            return http("POST", target, hs, bytes);
        });
    }

    private static byte[] chunk(byte[] body, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int at = 0; at < body.length; at += size) {
            int n = Math.min(size, body.length - at);
            out.writeBytes(utf8(Integer.toHexString(n) + "\r\n"));
            out.write(body, at, n);
            out.writeBytes(utf8("\r\n"));
        }
        out.writeBytes(utf8("0\r\n\r\n"));
        return out.toByteArray();
    }

    private static String nested(Random rng, int depth) {
        boolean arrays = rng.nextBoolean();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            sb.append(arrays ? "[" : "{\"a\":");
        }
        sb.append("1");
        for (int i = 0; i < depth; i++) {
            sb.append(arrays ? "]" : "}");
        }
        return sb.toString();
    }

    private Probe httpDeepNesting(Random rng) {
        int depth = pick(rng, 50, 600, 1500, 5000, 12000);
        String n = nested(rng, depth);
        String body = switch (rng.nextInt(3)) {
            case 0 -> n;
            case 1 -> "{\"action\":" + n + ",\"ply\":" + a.ply + ",\"clientActionId\":\"d\"}";
            default -> "{\"seats\":" + n + "}";
        };
        String target = body.startsWith("{\"seats\"") ? "/api/games" : actions(a);
        Set<String> expected = codes(body.length() > FortunaServer.MAX_BODY ? ErrorCode.TOO_LARGE
                : ErrorCode.BAD_REQUEST);
        return new Probe("http deep nesting", target + " depth " + depth, expected,
                () -> http("POST", target, bearer(a.token(a.deciding)), utf8(body)));
    }

    private Probe httpUnknownAction(Random rng) {
        String action = switch (rng.nextInt(4)) {
            case 0 -> "{\"type\":\"" + pick(rng, "fly", "PLACE", "place ", "", "resign", "undo", "Place", "null",
                    "pass\u0000", "p\u00e1ss") + "\"}";
            case 1 -> pick(rng, "{}", "{\"x\":1,\"y\":0,\"rotation\":0}", "{\"type\":7}", "{\"type\":null}");
            case 2 -> pick(rng, "{\"type\":\"pass\",\"x\":1}", "{\"type\":\"place\",\"x\":1,\"y\":0,\"rotation\":0,"
                    + "\"seat\":1}", "{\"type\":\"deploy\",\"feature\":0,\"follower\":\"abbot\"}");
            default -> "{\"type\":\"pass\"},\"seat\":" + (1 - a.deciding);
        };
        String body = "{\"action\":" + action + ",\"ply\":" + a.ply + ",\"clientActionId\":\"" + cid(rng) + "\"}";
        return new Probe("http unknown action", body, codes(ErrorCode.BAD_REQUEST),
                () -> http("POST", actions(a), bearer(a.token(a.deciding)), utf8(body)));
    }

    private Probe httpAnotherSeat(Random rng) {
        ActionDto act = rng.nextBoolean() ? a.legal : anyAction(rng);
        String body = request(act, a.ply, cid(rng));
        Set<String> expected = codes(ErrorCode.NOT_YOUR_DECISION);
        return new Probe("http another seat's action", body, expected,
                () -> http("POST", actions(a), bearer(a.token(1 - a.deciding)), utf8(body)));
    }

    private String foreignToken(Random rng) {
        String mine = a.token(rng.nextInt(2));
        return switch (rng.nextInt(9)) {
            case 0 -> b.token(rng.nextInt(2));
            case 1 -> done.token(rng.nextInt(2));
            case 2 -> open.token(rng.nextInt(2));
            case 3 -> Tokens.newToken(); // unknown anywhere
            case 4 -> mine + "x";
            case 5 -> mine.substring(1);
            case 6 -> {
                char[] c = mine.toCharArray();
                int at = rng.nextInt(c.length);
                c[at] = c[at] == 'A' ? 'B' : 'A';
                yield new String(c);
            }
            case 7 -> "x".repeat(pick(rng, 1, 100, 4000));
            default -> pick(rng, "null", "undefined", "%00", "' or '1'='1", "\u00e9\u00e9");
        };
    }

    private Probe httpOtherToken(Random rng) {
        String token = foreignToken(rng);
        String auth = switch (rng.nextInt(6)) {
            case 0 -> "bearer " + token;
            case 1 -> "Basic dXNlcjpwYXNz";
            case 2 -> "Bearer";
            case 3 -> "Token " + token;
            default -> "Bearer " + token;
        };
        String[][] endpoints = {{"POST", actions(a)}, {"POST", "/api/games/" + a.id + "/join"},
                {"POST", "/api/games/" + a.id + "/resign"}, {"POST", "/api/games/" + a.id + "/reclaim"},
                {"GET", "/api/games/" + a.id + "/view"}, {"GET", "/api/games/" + a.id + "/hint"},
                {"GET", "/api/games/" + a.id + "/log"}, {"GET", "/api/games/" + a.id + "/analysis"}};
        String[] e = pick(rng, endpoints);
        String body = e[0].equals("POST") ? (e[1].endsWith("actions") ? request(a.legal, a.ply, cid(rng)) : "{}")
                : null;
        Set<String> expected = codes(ErrorCode.BAD_TOKEN);
        if (!auth.chars().allMatch(c -> c < 128)) {
            expected.add(ErrorCode.BAD_REQUEST.name()); // a header that is not ASCII may be refused as such
        }
        return new Probe("http other game's or no token", e[0] + " " + e[1] + " with " + auth, expected, () -> {
            Map<String, String> h = new LinkedHashMap<>();
            h.put("Content-Type", "application/json");
            h.put("Authorization", auth);
            return http(e[0], e[1], h, body == null ? null : utf8(body));
        });
    }

    private Probe httpStalePly(Random rng) {
        List<Integer> plies = new ArrayList<>(List.of(a.ply - 1, a.ply - 2, 0, a.ply + 1, a.ply + 2, a.ply + 1000, -1,
                Integer.MIN_VALUE, Integer.MAX_VALUE));
        int ply = pick(rng, plies);
        String body = request(rng.nextInt(3) == 0 ? anyAction(rng) : a.legal, ply, cid(rng));
        return new Probe("http stale or future ply", body, codes(ErrorCode.STALE_PLY),
                () -> http("POST", actions(a), bearer(a.token(a.deciding)), utf8(body)));
    }

    private Probe httpReplayedId(Random rng) {
        Fixture f = rng.nextBoolean() ? a : b;
        Applied ap = pick(rng, f.applied);
        int ply = pick(rng, ap.ply(), f.ply, f.ply + 1, 0);
        ActionDto act = rng.nextBoolean() ? (f.legal == null ? new ActionDto.Pass() : f.legal) : anyAction(rng);
        String body = request(act, ply, ap.clientActionId());
        return new Probe("http replayed client action id", body, Set.of("ACK_REPLAYED"), () -> {
            Outcome out = http("POST", actions(f), bearer(f.token(ap.seat())), utf8(body));
            if (out.name().equals("OK_200")) {
                return sameAck(out.detail(), ap.ackJson()) ? Outcome.of("ACK_REPLAYED")
                        : new Outcome("OTHER_ACK", out.detail() + " instead of " + ap.ackJson());
            }
            return out;
        });
    }

    private static boolean sameAck(String got, String original) {
        try {
            return Json.read(got, ServerMessage.class).equals(Json.read(original, ServerMessage.class));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Probe httpFinishedOrOpen(Random rng) {
        switch (rng.nextInt(7)) {
            case 0, 1 -> {
                int ply = pick(rng, done.ply, done.ply - 1, done.ply + 1, 0);
                String body = request(anyAction(rng), ply, cid(rng));
                return new Probe("http finished or open game", "finished game's actions " + body,
                        codes(ErrorCode.STALE_PLY, ErrorCode.GAME_OVER),
                        () -> http("POST", actions(done), bearer(done.token(rng.nextInt(2))), utf8(body)));
            }
            case 2 -> {
                return new Probe("http finished or open game", "finished game's hint", codes(ErrorCode.GAME_OVER),
                        () -> http("GET", "/api/games/" + done.id + "/hint", bearer(done.token(0)), null));
            }
            case 3 -> {
                return new Probe("http finished or open game", "finished game's resign", codes(ErrorCode.GAME_OVER),
                        () -> http("POST", "/api/games/" + done.id + "/resign", bearer(done.token(1)), utf8("{}")));
            }
            case 4 -> {
                String body = request(anyAction(rng), 0, cid(rng));
                return new Probe("http finished or open game", "open game's actions " + body,
                        codes(ErrorCode.GAME_NOT_STARTED),
                        () -> http("POST", actions(open), bearer(open.token(rng.nextInt(2))), utf8(body)));
            }
            case 5 -> {
                return new Probe("http finished or open game", "open game's hint", codes(ErrorCode.GAME_NOT_STARTED),
                        () -> http("GET", "/api/games/" + open.id + "/hint", bearer(open.token(0)), null));
            }
            default -> {
                Fixture f = rng.nextBoolean() ? a : open;
                return new Probe("http finished or open game", "record of an unfinished game",
                        codes(ErrorCode.NOT_FINISHED), () -> http("GET", "/api/games/" + f.id + "/record",
                        Map.of(), null));
            }
        }
    }

    private Probe httpBadPath(Random rng) {
        String unknownId = Tokens.newGameId();
        String path = pick(rng, "/api/games/" + unknownId, "/api/games/" + unknownId + "/view",
                "/api/games/" + "x".repeat(41), "/api/games/%00abc", "/api/games/a%20b/view", "/api/games/%C3%A9",
                "/api/games/%ff%fe", "/api/games/" + a.id + "/unknown", "/api/games/" + a.id + "/actions/1",
                "/api/gamez", "/api", "/api/", "/API/games", "/api/games/" + a.id + "/ws", "/nothing",
                "/assets/nothing.js", "/game/" + a.id + "/extra", "/%2e%2e/%2e%2e/etc/passwd", "/web/../pom.xml",
                "/api/games/" + a.id + "/../../../../etc/passwd", "/api/games/%2e%2e%2fhealth", "/..;/api/games",
                "/api/games/" + a.id + "%2Fview", "/api/games/a.b", "/api/games/" + "%41".repeat(50));
        String method = rng.nextInt(3) == 0 ? "POST" : "GET";
        return new Probe("http bad path", method + " " + path, codes(ErrorCode.NOT_FOUND, ErrorCode.BAD_REQUEST),
                () -> http(method, path, bearer(a.token(0)), method.equals("POST") ? utf8("{}") : null));
    }

    private Probe httpBadMethod(Random rng) {
        String method = pick(rng, "PUT", "DELETE", "PATCH", "TRACE", "BREW", "PROPFIND", "OPTIONS", "CONNECT");
        String path = pick(rng, "/api/games", "/api/games/" + a.id, actions(a), "/health", "/metrics",
                "/api/games/" + a.id + "/join");
        return new Probe("http bad method", method + " " + path, codes(ErrorCode.NOT_FOUND, ErrorCode.BAD_REQUEST),
                () -> http(method, path, bearer(null), rng.nextBoolean() ? utf8("{}") : null));
    }

    private Probe httpContentType(Random rng) {
        String type = pick(rng, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=xyz", "application/xml", "text/json", "application/jsonx", "json",
                "", "application/json-seq", "text/html");
        boolean create = rng.nextBoolean();
        String body = create ? Json.write(new Lobby.CreateGame(null, List.of(PERSON, PERSON)))
                : request(a.legal, a.ply, cid(rng));
        String target = create ? "/api/games" : actions(a);
        return new Probe("http content type", "POST " + target + " as '" + type + "'",
                codes(ErrorCode.UNSUPPORTED_MEDIA_TYPE), () -> {
            Map<String, String> h = bearer(create ? null : a.token(1 - a.deciding));
            h.put("Content-Type", type);
            return http("POST", target, h, utf8(body));
        });
    }

    private Probe httpBadQuery(Random rng) {
        String q = switch (rng.nextInt(3)) {
            case 0 -> "/api/games?status=" + pick(rng, "lost", "", "OPEN%00", "%ff", "1", "open%20", "open,running",
                    "x".repeat(5000), "%27%20or%201=1");
            case 1 -> "/api/games/" + a.id + "/view?ply=" + pick(rng, "abc", "-1", "99999", "2147483648", "", "1e3",
                    "0x10", "%201", "1.0", "%00", "9".repeat(400));
            default -> "/api/games/" + a.id + "/actions?from=" + pick(rng, "x", "-1", "99999", "1099511627776", "",
                    "1.5", "%ff");
        };
        return new Probe("http bad query parameter", q, codes(ErrorCode.BAD_REQUEST),
                () -> http("GET", q, Map.of(), null));
    }

    private Probe httpForeignOrigin(Random rng) {
        String origin = pick(rng, "http://evil.example", "https://127.0.0.1.evil.example", "http://127.0.0.1:1",
                "null", "file://", "http://127.0.0.1:" + port + "/path", "http://localhost:" + port, "::",
                "https://127.0.0.1:" + port + ".evil.example", "http://user@127.0.0.1:" + port, "chrome-extension://x");
        int target = rng.nextInt(3);
        String path = target == 0 ? actions(a) : target == 1 ? "/api/games" : "/api/games/" + a.id + "/join";
        String body = target == 0 ? request(a.legal, a.ply, cid(rng))
                : target == 1 ? Json.write(new Lobby.CreateGame(null, List.of(PERSON, PERSON))) : "{}";
        String token = target == 0 ? a.token(1 - a.deciding) : target == 2 ? a.token(0) : null;
        return new Probe("http foreign origin", "POST " + path + " from " + origin, codes(ErrorCode.FOREIGN_ORIGIN),
                () -> {
                    Map<String, String> h = bearer(token);
                    h.put("Origin", origin);
                    return http("POST", path, h, utf8(body));
                });
    }

    private Probe httpMalformed(Random rng) {
        String hostLine = "Host: " + raw.hostHeader() + "\r\n";
        byte[] bytes;
        String what;
        switch (rng.nextInt(12)) {
            case 0 -> {
                what = "a request line of garbage";
                bytes = utf8("GARBAGE\r\n\r\n");
            }
            case 1 -> {
                what = "no target";
                bytes = utf8("GET\r\n" + hostLine + "\r\n");
            }
            case 2 -> {
                what = "HTTP/9.9";
                bytes = utf8("GET /api/games HTTP/9.9\r\n" + hostLine + "\r\n");
            }
            case 3 -> {
                what = "a header without a colon";
                bytes = utf8("GET /api/games HTTP/1.1\r\n" + hostLine + "Bad Header\r\nConnection: close\r\n\r\n");
            }
            case 4 -> {
                what = "a space in the target";
                bytes = utf8("GET /api/ga mes HTTP/1.1\r\n" + hostLine + "Connection: close\r\n\r\n");
            }
            case 5 -> {
                what = "a header of 20 KB";
                bytes = utf8("GET /api/games HTTP/1.1\r\n" + hostLine + "X-Big: " + "x".repeat(20_000)
                        + "\r\nConnection: close\r\n\r\n");
            }
            case 6 -> {
                what = "a target of 20 KB";
                bytes = utf8("GET /api/games?status=" + "x".repeat(20_000) + " HTTP/1.1\r\n" + hostLine
                        + "Connection: close\r\n\r\n");
            }
            case 7 -> {
                what = "1,000 headers";
                StringBuilder sb = new StringBuilder("GET /api/games HTTP/1.1\r\n" + hostLine);
                for (int i = 0; i < 1000; i++) {
                    sb.append("X-H").append(i).append(": v\r\n");
                }
                bytes = utf8(sb.append("Connection: close\r\n\r\n").toString());
            }
            case 8 -> {
                what = "no Host header";
                bytes = utf8("GET /api/games HTTP/1.1\r\nConnection: close\r\n\r\n");
            }
            case 9 -> {
                what = "a control character in a header";
                bytes = utf8("GET /api/games HTTP/1.1\r\n" + hostLine + "X-A: a\u0001b\u0000\r\nConnection: close"
                        + "\r\n\r\n");
            }
            case 10 -> {
                what = "two Content-Lengths";
                bytes = utf8("POST /api/games HTTP/1.1\r\n" + hostLine + "Content-Length: 2\r\nContent-Length: 5\r\n"
                        + "Connection: close\r\n\r\n{}");
            }
            default -> {
                what = "a bare LF request with a bad version";
                bytes = utf8("GET / HTP/1.1\n\n");
            }
        }
        byte[] b2 = bytes;
        return new Probe("http malformed request", what,
                codes(ErrorCode.BAD_REQUEST, ErrorCode.TOO_LARGE, ErrorCode.NOT_FOUND),
                () -> {
                    posts.acquire();
                    return judge(raw.exchange(b2, REPLY_TIMEOUT_MILLIS, false));
                });
    }

    private Probe httpLyingLength(Random rng) {
        String body = request(a.legal, a.ply, cid(rng));
        String hostLine = "Host: " + raw.hostHeader() + "\r\n";
        int kind = rng.nextInt(4);
        String what = switch (kind) {
            case 0 -> "Content-Length longer than the body, then the end";
            case 1 -> "Content-Length shorter than the body";
            case 2 -> "Content-Length not a number";
            default -> "Content-Length negative";
        };
        String len = switch (kind) {
            case 0 -> String.valueOf(body.length() + 100);
            case 1 -> String.valueOf(body.length() / 2);
            case 2 -> "abc";
            default -> "-5";
        };
        byte[] bytes = utf8("POST " + actions(a) + " HTTP/1.1\r\n" + hostLine + "Authorization: Bearer "
                + a.token(1 - a.deciding) + "\r\nContent-Type: application/json\r\nContent-Length: " + len
                + "\r\nConnection: close\r\n\r\n" + body);
        return new Probe("http lying Content-Length", what, codes(ErrorCode.BAD_REQUEST), () -> {
            posts.acquire();
            return judge(raw.exchange(bytes, REPLY_TIMEOUT_MILLIS, kind == 0));
        });
    }

    // ---- WebSocket ----

    /** Who a pooled connection is. */
    enum Role { A_DECIDING, A_OTHER, A_SPECTATOR, FINISHED_SEAT, OPEN_SEAT }

    private String wsQuery(Role r) {
        return switch (r) {
            case A_DECIDING -> "?token=" + a.token(a.deciding);
            case A_OTHER -> "?token=" + a.token(1 - a.deciding);
            case A_SPECTATOR -> "";
            case FINISHED_SEAT -> "?token=" + done.token(0);
            case OPEN_SEAT -> "?token=" + open.token(0);
        };
    }

    private String wsGame(Role r) {
        return r == Role.FINISHED_SEAT ? done.id : r == Role.OPEN_SEAT ? open.id : a.id;
    }

    /** A WebSocket client that keeps what it receives. */
    final class Conn implements WebSocket.Listener {
        final Role role;
        final BlockingQueue<String> inbox = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        volatile WebSocket socket;
        volatile Integer closeCode;
        volatile Throwable error;
        long lastSend;

        Conn(Role role) {
            this.role = role;
        }

        @Override
        public void onOpen(WebSocket ws) {
            ws.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                inbox.add(partial.toString());
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
            inbox.add("{\"type\":\"binary-from-server\"}");
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            closeCode = statusCode;
            inbox.add("{\"type\":\"closed\",\"code\":" + statusCode + "}");
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable e) {
            error = e;
            inbox.add("{\"type\":\"failed\"}");
        }

        boolean usable() {
            return closeCode == null && error == null && socket != null && !socket.isOutputClosed();
        }

        void spaced() {
            long wait = lastSend + WS_SPACING_MILLIS * 1_000_000 - System.nanoTime();
            if (wait > 0) {
                sleepNanos(wait);
            }
            lastSend = System.nanoTime();
        }

        void sendText(String text) {
            spaced();
            socket.sendText(text, true).orTimeout(REPLY_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).join();
        }

        void sendBinary(byte[] b) {
            spaced();
            socket.sendBinary(ByteBuffer.wrap(b), true).orTimeout(REPLY_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                    .join();
        }

        /** The answer to what was just sent: the next error, rejected, ack or pong (presence and the like skipped). */
        String reply() {
            long end = System.nanoTime() + REPLY_TIMEOUT_MILLIS * 1_000_000L;
            try {
                while (true) {
                    String m = inbox.poll(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                    if (m == null) {
                        return null;
                    }
                    String t = type(m);
                    if (Set.of("error", "rejected", "ack", "pong", "closed", "failed", "binary-from-server",
                            "snapshot").contains(t)) {
                        return m;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        void close() {
            WebSocket ws = socket;
            if (ws != null) {
                ws.abort();
            }
        }
    }

    private static String type(String json) {
        try {
            return Json.mapper().readTree(json).path("type").asText("");
        } catch (IOException e) {
            return "";
        }
    }

    private Conn connect(Role r) {
        Conn c = new Conn(r);
        URI uri = URI.create("ws://127.0.0.1:" + port + "/api/games/" + wsGame(r) + "/ws" + wsQuery(r));
        c.socket = http.newWebSocketBuilder().buildAsync(uri, c).orTimeout(REPLY_TIMEOUT_MILLIS,
                TimeUnit.MILLISECONDS).join();
        String first = c.reply();
        if (first == null || !type(first).equals("snapshot")) {
            throw new IllegalStateException("a " + r + " connection began with " + first);
        }
        return c;
    }

    /** Runs {@code use} on a pooled connection of this role (replaced when the server closed it). */
    private Outcome withConn(Role r, java.util.function.Function<Conn, Outcome> use) {
        BlockingQueue<Conn> q = pools.get(r);
        Conn c;
        try {
            c = q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.of("INTERRUPTED");
        }
        try {
            if (!c.usable()) {
                c.close();
                c = connect(r);
            }
            c.inbox.clear();
            return use.apply(c);
        } finally {
            q.add(c);
        }
    }

    /** The outcome of a WebSocket answer. */
    private static Outcome wsJudge(String reply) {
        if (reply == null) {
            return new Outcome("NO_ANSWER", "nothing within " + REPLY_TIMEOUT_MILLIS + " ms");
        }
        try {
            com.fasterxml.jackson.databind.JsonNode n = Json.mapper().readTree(reply);
            String t = n.path("type").asText("");
            return switch (t) {
                case "error", "rejected" -> {
                    String code = n.path("rejection").path("code").asText("");
                    String msg = n.path("rejection").path("message").asText("");
                    if (code.isEmpty()) {
                        yield new Outcome("NO_CODE", reply);
                    }
                    yield new Outcome(msg.contains("\tat ") || msg.contains("Exception") ? "STACK_TRACE" : code, reply);
                }
                case "pong" -> new Outcome("PONG", reply);
                case "ack" -> new Outcome("ACK", reply);
                case "snapshot" -> new Outcome("SNAPSHOT", "");
                case "closed" -> new Outcome("CLOSED_" + n.path("code").asInt(), reply);
                default -> new Outcome("UNEXPECTED_" + t, reply);
            };
        } catch (IOException e) {
            return new Outcome("UNREADABLE", reply);
        }
    }

    private Outcome wsText(Role r, String text) {
        return withConn(r, c -> {
            try {
                c.sendText(text);
            } catch (RuntimeException e) {
                return new Outcome("SEND_FAILED", e.toString());
            }
            return wsJudge(c.reply());
        });
    }

    private static Role anyRole(Random rng) {
        return pick(rng, Role.values());
    }

    private String act(ActionDto action, int ply, String cid) {
        return Json.write(new ClientMessage.Act(action, ply, cid));
    }

    private Probe wsBadJson(Random rng) {
        Role r = anyRole(rng);
        String valid = act(anyAction(rng), a.ply, cid(rng));
        String text = switch (rng.nextInt(8)) {
            case 0 -> valid.substring(0, rng.nextInt(valid.length()));
            case 1 -> valid + pick(rng, "x", "}", "{}", " 1");
            case 2 -> pick(rng, "null", "[]", "\"ping\"", "42", "true", "", " ", "{}");
            case 3 -> valid.replace('"', '\'');
            case 4 -> "{\"type\":\"ping\",\"nonce\":1,\"nonce\":2}";
            case 5 -> "{\"type\":\"ping\",\"nonce\":NaN}";
            case 6 -> valid.replace(":", "=");
            default -> {
                char[] c = valid.toCharArray();
                c[1 + rng.nextInt(c.length - 2)] = pick(rng, '{', '}', '[', ']', ',');
                String s = new String(c);
                yield wholeJson(s) ? s + "x" : s;
            }
        };
        return new Probe("ws bad JSON", r + " " + text, codes(ErrorCode.BAD_REQUEST), () -> wsText(r, text));
    }

    private Probe wsWrongTypes(Random rng) {
        String text = pick(rng, "{\"type\":\"ping\",\"nonce\":\"x\"}", "{\"type\":\"ping\",\"nonce\":1.5}",
                "{\"type\":\"ping\",\"nonce\":null}", "{\"type\":\"ping\",\"nonce\":[]}",
                "{\"type\":\"ping\",\"nonce\":1e400}", "{\"type\":\"resync\",\"lastVersion\":\"3\"}",
                "{\"type\":\"resync\",\"lastVersion\":null}", "{\"type\":\"resync\",\"lastVersion\":true}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\"},\"ply\":\"" + a.ply + "\",\"clientActionId\":\"w\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\"},\"ply\":null,\"clientActionId\":\"w\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\"},\"ply\":" + a.ply + ",\"clientActionId\":5}",
                "{\"type\":\"act\",\"action\":\"pass\",\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"place\",\"x\":\"0\",\"y\":1,\"rotation\":0},\"ply\":" + a.ply
                        + ",\"clientActionId\":\"w\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"crown\",\"sector\":2},\"ply\":" + a.ply
                        + ",\"clientActionId\":\"w\"}",
                "{\"type\":\"act\",\"action\":null,\"ply\":" + a.ply + ",\"clientActionId\":\"w\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\"},\"ply\":" + a.ply + ",\"clientActionId\":null}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\"},\"ply\":" + a.ply + ",\"clientActionId\":\""
                        + "x".repeat(101) + "\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\"},\"ply\":" + a.ply + ",\"clientActionId\":\"a\\u0000b\"}");
        return new Probe("ws wrong types", text, codes(ErrorCode.BAD_REQUEST), () -> wsText(Role.A_OTHER, text));
    }

    private Probe wsUnknownType(Random rng) {
        String text = pick(rng, "{\"type\":\"fly\"}", "{\"type\":\"\"}", "{}", "{\"type\":5}", "{\"type\":null}",
                "{\"type\":\"ACT\"}", "{\"type\":\"resign\"}", "{\"type\":\"ping\",\"nonce\":1,\"extra\":2}",
                "{\"type\":\"act\",\"action\":{\"type\":\"fly\"},\"ply\":" + a.ply + ",\"clientActionId\":\"u\"}",
                "{\"type\":\"act\",\"action\":{\"type\":\"pass\",\"seat\":1},\"ply\":" + a.ply
                        + ",\"clientActionId\":\"u\"}",
                "{\"type\":\"act\",\"seat\":1,\"action\":{\"type\":\"pass\"},\"ply\":" + a.ply
                        + ",\"clientActionId\":\"u\"}");
        Role r = pick(rng, Role.A_DECIDING, Role.A_OTHER, Role.A_SPECTATOR);
        return new Probe("ws unknown type or field", r + " " + text, codes(ErrorCode.BAD_REQUEST),
                () -> wsText(r, text));
    }

    private Probe wsDeepNesting(Random rng) {
        int depth = pick(rng, 50, 600, 1000, 2000);
        String text = rng.nextBoolean() ? nested(rng, depth)
                : "{\"type\":\"act\",\"action\":" + nested(rng, depth) + ",\"ply\":0,\"clientActionId\":\"n\"}";
        Role r = anyRole(rng);
        return new Probe("ws deep nesting", r + " depth " + depth, codes(ErrorCode.BAD_REQUEST),
                () -> wsText(r, text.length() > FortunaServer.MAX_MESSAGE ? nested(rng, 500) : text));
    }

    private Probe wsTooLarge(Random rng) {
        int size = FortunaServer.MAX_MESSAGE + 1 + rng.nextInt(3 * FortunaServer.MAX_MESSAGE - 1);
        String text = "{\"type\":\"ping\",\"nonce\":1" + " ".repeat(size - 25) + "}";
        Role r = anyRole(rng);
        return new Probe("ws too large", r + " " + size + " characters", codes(ErrorCode.TOO_LARGE),
                () -> wsText(r, text));
    }

    /**
     * Beyond Jetty's own limit (four times the server's) the connection is closed with 1009, message too big, as
     * soon as a frame's header declares such a length (sent on a raw connection: a client still writing a large
     * frame into the closed connection would only see it break, not the close frame).
     */
    private Probe wsTooLargeClosed(Random rng) {
        long declared = pick(rng, 40_000L, 100_000L, 1_000_000L, 1L << 40);
        boolean binary = rng.nextBoolean();
        int sent = rng.nextInt(2048);
        return new Probe("ws too large, closed", (binary ? "binary" : "text") + " frame declaring " + declared
                + " bytes", Set.of("CLOSED_1009"), () -> {
            String target = "/api/games/" + a.id + "/ws";
            String req = "GET " + target + " HTTP/1.1\r\nHost: " + raw.hostHeader() + "\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n";
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), REPLY_TIMEOUT_MILLIS);
                s.setSoTimeout(REPLY_TIMEOUT_MILLIS);
                OutputStream out = s.getOutputStream();
                out.write(req.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                InputStream in = new java.io.BufferedInputStream(s.getInputStream());
                RawHttp.Reply head = readHead(in);
                if (head.status() != 101) {
                    return judge(head);
                }
                ByteArrayOutputStream frame = new ByteArrayOutputStream();
                frame.write(binary ? 0x82 : 0x81);
                frame.write(0x80 | 127); // masked, 64-bit length
                for (int i = 7; i >= 0; i--) {
                    frame.write((int) (declared >>> (8 * i)) & 0xff);
                }
                byte[] mask = new byte[4];
                rng.nextBytes(mask);
                frame.write(mask, 0, 4);
                for (int i = 0; i < sent; i++) {
                    frame.write(('x' ^ mask[i % 4]) & 0xff);
                }
                out.write(frame.toByteArray());
                out.flush();
                long end = System.nanoTime() + REPLY_TIMEOUT_MILLIS * 1_000_000L;
                while (System.nanoTime() < end) { // the server's pings would keep a read from timing out
                    String m = firstFrame(in); // the next frame: snapshot and presence first, then the close
                    if (m == null) {
                        return new Outcome("CLOSED_WITHOUT_CLOSE_FRAME", "");
                    }
                    if (type(m).equals("closed")) {
                        return wsJudge(m);
                    }
                }
                return new Outcome("NO_ANSWER", "no close within " + REPLY_TIMEOUT_MILLIS + " ms");
            } catch (IOException e) {
                return new Outcome("NO_ANSWER", e.toString());
            }
        });
    }

    private Probe wsBinary(Random rng) {
        byte[] b = new byte[rng.nextInt(2000)];
        rng.nextBytes(b);
        if (rng.nextBoolean()) {
            byte[] j = utf8(act(a.legal, a.ply, cid(rng)));
            b = j; // the right JSON, but as a binary frame
        }
        byte[] bytes = b;
        Role r = pick(rng, Role.A_OTHER, Role.A_SPECTATOR, Role.FINISHED_SEAT);
        return new Probe("ws binary frame", r + " " + bytes.length + " bytes", codes(ErrorCode.BAD_REQUEST),
                () -> withConn(r, c -> {
                    try {
                        c.sendBinary(bytes);
                    } catch (RuntimeException e) {
                        return new Outcome("SEND_FAILED", e.toString());
                    }
                    return wsJudge(c.reply());
                }));
    }

    private Probe wsAnotherSeat(Random rng) {
        String text = act(rng.nextBoolean() ? a.legal : anyAction(rng), a.ply, cid(rng));
        return new Probe("ws another seat's action", text, codes(ErrorCode.NOT_YOUR_DECISION),
                () -> wsText(Role.A_OTHER, text));
    }

    private Probe wsStalePly(Random rng) {
        int ply = pick(rng, a.ply - 1, a.ply - 2, 0, a.ply + 1, a.ply + 7, -1, Integer.MAX_VALUE, Integer.MIN_VALUE);
        String text = act(rng.nextInt(3) == 0 ? anyAction(rng) : a.legal, ply, cid(rng));
        return new Probe("ws stale or future ply", text, codes(ErrorCode.STALE_PLY),
                () -> wsText(Role.A_DECIDING, text));
    }

    private Probe wsReplayedId(Random rng) {
        Applied ap = pick(rng, a.applied);
        Role r = ap.seat() == a.deciding ? Role.A_DECIDING : Role.A_OTHER;
        int ply = pick(rng, ap.ply(), a.ply, a.ply + 1, 0);
        String text = act(rng.nextBoolean() ? a.legal : anyAction(rng), ply, ap.clientActionId());
        return new Probe("ws replayed client action id", r + " " + text, Set.of("ACK_REPLAYED"), () -> {
            Outcome out = wsText(r, text);
            if (out.name().equals("ACK")) {
                return sameAck(out.detail(), ap.ackJson()) ? Outcome.of("ACK_REPLAYED")
                        : new Outcome("OTHER_ACK", out.detail() + " instead of " + ap.ackJson());
            }
            return out;
        });
    }

    private Probe wsSpectatorActs(Random rng) {
        String text = act(rng.nextBoolean() ? a.legal : anyAction(rng), a.ply, cid(rng));
        return new Probe("ws spectator acts", text, codes(ErrorCode.SPECTATOR_CANNOT_ACT),
                () -> wsText(Role.A_SPECTATOR, text));
    }

    private Probe wsFinishedOrOpen(Random rng) {
        if (rng.nextBoolean()) {
            String text = act(anyAction(rng), pick(rng, done.ply, done.ply - 1, 0), cid(rng));
            return new Probe("ws finished or open game", "finished " + text,
                    codes(ErrorCode.STALE_PLY, ErrorCode.GAME_OVER), () -> wsText(Role.FINISHED_SEAT, text));
        }
        String text = act(illegalAtPlacement(rng), 0, cid(rng));
        return new Probe("ws finished or open game", "open " + text, codes(ErrorCode.GAME_NOT_STARTED),
                () -> wsText(Role.OPEN_SEAT, text));
    }

    private Probe wsHandshake(Random rng) {
        String path = "/api/games/" + a.id + "/ws";
        Map<String, String> h = new LinkedHashMap<>();
        String target;
        Set<String> expected;
        String what;
        switch (rng.nextInt(10)) {
            case 0 -> {
                target = path + "?token=" + foreignToken(rng).replace("%", "%25").replace(" ", "%20")
                        .replace("'", "%27").replace("\u00e9", "%C3%A9");
                expected = codes(ErrorCode.BAD_TOKEN);
                what = "another game's or no seat's token";
            }
            case 1 -> {
                target = "/api/games/" + Tokens.newGameId() + "/ws";
                expected = codes(ErrorCode.NOT_FOUND);
                what = "no such game";
            }
            case 2 -> {
                target = "/api/games/" + pick(rng, "%00", "x".repeat(41), "a%20b", "%ff") + "/ws";
                expected = codes(ErrorCode.NOT_FOUND, ErrorCode.BAD_REQUEST);
                what = "an id no game has: " + target;
            }
            case 3, 4 -> {
                String origin = pick(rng, "http://evil.example", "null", "http://127.0.0.1:1",
                        "http://localhost:" + port, "https://127.0.0.1." + "evil.example");
                h.put("Origin", origin);
                target = path + (rng.nextBoolean() ? "" : "?token=" + a.token(0));
                expected = codes(ErrorCode.FOREIGN_ORIGIN);
                what = "from " + origin;
            }
            case 5 -> {
                h.put("Origin", "http://127.0.0.1:" + port);
                target = path + "?version=" + pick(rng, "abc", "-5", "99999999999999999999", "", "1e3");
                expected = Set.of("SNAPSHOT");
                what = "own origin, unreadable version";
            }
            case 6 -> {
                target = path;
                expected = codes(ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND);
                what = "WebSocket version 99";
                h.put("Sec-WebSocket-Version-Override", "99");
            }
            case 7 -> {
                target = path + "/extra";
                expected = codes(ErrorCode.NOT_FOUND);
                what = "an upgrade to no WebSocket";
            }
            case 8 -> {
                target = "/api/games/" + a.id + "/view";
                expected = codes(ErrorCode.NOT_FOUND);
                what = "an upgrade to an HTTP route";
            }
            default -> {
                target = path + "?token=";
                expected = codes(ErrorCode.BAD_TOKEN);
                what = "an empty token";
            }
        }
        return new Probe("ws bad handshake", what, expected, () -> upgrade(target, h));
    }

    /** A raw WebSocket handshake; after a 101, the first frame the server sends. */
    private Outcome upgrade(String target, Map<String, String> extra) {
        StringBuilder sb = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: " + raw.hostHeader() + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n");
        String version = extra.getOrDefault("Sec-WebSocket-Version-Override", "13");
        sb.append("Sec-WebSocket-Version: ").append(version).append("\r\n");
        extra.forEach((k, v) -> {
            if (!k.equals("Sec-WebSocket-Version-Override")) {
                sb.append(k).append(": ").append(v).append("\r\n");
            }
        });
        sb.append("\r\n");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), REPLY_TIMEOUT_MILLIS);
            s.setSoTimeout(REPLY_TIMEOUT_MILLIS);
            OutputStream out = s.getOutputStream();
            out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = new java.io.BufferedInputStream(s.getInputStream());
            RawHttp.Reply head = readHead(in);
            if (head.status() != 101) {
                return judge(head);
            }
            return wsJudge(firstFrame(in));
        } catch (IOException e) {
            return new Outcome("NO_ANSWER", e.toString());
        }
    }

    /** An HTTP answer read from a stream (status, headers and, unless 101, the body by its length). */
    private static RawHttp.Reply readHead(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int c = in.read();
            if (c < 0) {
                return new RawHttp.Reply(0, Map.of(), "", "closed during the headers");
            }
            b.write(c);
            matched = (c == "\r\n\r\n".charAt(matched)) ? matched + 1 : (c == '\r' ? 1 : 0);
        }
        String[] lines = b.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        String body = "";
        if (status != 101 && headers.containsKey("content-length")) {
            body = new String(in.readNBytes(Integer.parseInt(headers.get("content-length"))), StandardCharsets.UTF_8);
        }
        return new RawHttp.Reply(status, headers, body, null);
    }

    /** The first WebSocket frame from the server, as the JSON text a Conn would queue. */
    private static String firstFrame(InputStream in) throws IOException {
        int b0 = in.read(), b1 = in.read();
        if (b0 < 0 || b1 < 0) {
            return null;
        }
        long len = b1 & 0x7f;
        if (len == 126) {
            len = ((in.read() & 0xff) << 8) | (in.read() & 0xff);
        } else if (len == 127) {
            len = 0;
            for (int i = 0; i < 8; i++) {
                len = (len << 8) | (in.read() & 0xff);
            }
        }
        byte[] payload = in.readNBytes((int) Math.min(len, 1 << 24));
        int opcode = b0 & 0x0f;
        if (opcode == 8) {
            int code = payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : 1005;
            return "{\"type\":\"closed\",\"code\":" + code + "}";
        }
        return new String(payload, StandardCharsets.UTF_8);
    }

    // ---- Floods ----

    /** One connection sends {@link #WS_FLOOD} pings at once: each is answered, with a pong or THROTTLED. */
    private void wsFlood() {
        Conn c = connect(Role.A_SPECTATOR);
        try {
            Probe p = new Probe("ws flood from one connection", "a ping among " + WS_FLOOD + " at once",
                    Set.of("PONG", ErrorCode.THROTTLED.name()), null);
            CompletableFuture<?> chain = CompletableFuture.completedFuture(null);
            for (int i = 0; i < WS_FLOOD; i++) {
                String t = Json.write(new ClientMessage.Ping(i));
                chain = chain.thenCompose(x -> c.socket.sendText(t, true));
            }
            chain.orTimeout(REPLY_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).join();
            for (int i = 0; i < WS_FLOOD; i++) {
                tally(p, wsJudge(c.reply()));
            }
        } finally {
            c.close();
        }
    }

    /** {@link #HTTP_FLOOD} bad requests from one address at once: each refused, as BAD_REQUEST or THROTTLED. */
    private void httpFlood() throws InterruptedException {
        Probe p = new Probe("http flood from one address", "a POST among " + HTTP_FLOOD + " at once",
                codes(ErrorCode.BAD_REQUEST, ErrorCode.THROTTLED), null);
        ExecutorService pool = Executors.newFixedThreadPool(16, daemon("flood"));
        try {
            List<CompletableFuture<Outcome>> fs = new ArrayList<>();
            byte[] req = raw.request("POST", "/api/games", Map.of("Content-Type", "application/json"), utf8("{"));
            for (int i = 0; i < HTTP_FLOOD; i++) {
                fs.add(CompletableFuture.supplyAsync(() -> judge(raw.exchange(req, REPLY_TIMEOUT_MILLIS, false)),
                        pool));
            }
            for (CompletableFuture<Outcome> f : fs) {
                tally(p, f.join());
            }
        } finally {
            pool.shutdownNow();
        }
        Thread.sleep(2500); // the address's flood control fills up again
    }

    // ----------------------------------------------------------------------------------------------------------
    // The people who play meanwhile
    // ----------------------------------------------------------------------------------------------------------

    /** Games of two scripted people over WebSocket; a game that ends is replaced. Acknowledgement latency kept. */
    final class Normal {
        final LatencyHistogram baseline = new LatencyHistogram(), acks = new LatencyHistogram(),
                flood = new LatencyHistogram();
        /** Where acknowledgements are counted now (null: not measured). */
        volatile LatencyHistogram current;
        final AtomicLong refused = new AtomicLong();
        final List<String> problems = new CopyOnWriteArrayList<>();
        final ScheduledExecutorService pacer = Executors.newScheduledThreadPool(1, daemon("people"));
        /** Creating and joining a replacement game waits on HTTP: off the people's thread, which only sends. */
        final ExecutorService lobby = Executors.newSingleThreadExecutor(daemon("people-lobby"));
        final List<Person> persons = new CopyOnWriteArrayList<>();
        volatile boolean stopping;

        void start(int games) {
            for (int i = 0; i < games; i++) {
                newGame();
            }
        }

        void newGame() {
            if (stopping) {
                return;
            }
            Fixture f = create(true, PERSON_NAME);
            for (int s = 0; s < 2; s++) {
                Person p = new Person(f, s);
                persons.add(p);
                URI uri = URI.create("ws://127.0.0.1:" + port + "/api/games/" + f.id + "/ws?token=" + f.token(s));
                p.socket = http.newWebSocketBuilder().buildAsync(uri, p).join();
            }
        }

        void stop() throws InterruptedException {
            stopping = true;
            // A replacement game being created now is finished, not cut off: its people are closed below.
            lobby.shutdown();
            lobby.awaitTermination(60, TimeUnit.SECONDS);
            pacer.shutdownNow();
            pacer.awaitTermination(5, TimeUnit.SECONDS);
            persons.forEach(Person::close);
        }

        final class Person implements WebSocket.Listener {
            final Fixture game;
            final int seat;
            private final StringBuilder partial = new StringBuilder();
            volatile WebSocket socket;
            private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);
            private int actedAt = -1;
            private long sentAt;
            private String lastSent;
            private boolean over;
            private final Random rng;

            Person(Fixture game, int seat) {
                this.game = game;
                this.seat = seat;
                this.rng = new Random(game.id.hashCode() * 31L + seat);
            }

            @Override
            public void onOpen(WebSocket ws) {
                socket = ws;
                ws.request(1);
            }

            @Override
            public void onError(WebSocket ws, Throwable e) {
                if (!stopping && !over) {
                    problems.add(game.id + " seat " + seat + ": the connection failed: " + e);
                }
            }

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    long now = System.nanoTime();
                    try {
                        LoadTest.Incoming m = LoadTest.Incoming.parse(partial.toString(), seat);
                        synchronized (this) {
                            receive(m, now);
                        }
                    } catch (RuntimeException e) {
                        problems.add(game.id + " seat " + seat + ": " + e);
                    }
                    partial.setLength(0);
                }
                ws.request(1);
                return null;
            }

            private void receive(LoadTest.Incoming m, long now) {
                switch (m.type()) {
                    case "snapshot", "update" -> {
                        GameView.DecisionView d = m.decision(); // null unless this seat decides
                        if (m.decisionKind() == DecisionKind.GAME_OVER) {
                            if (!over) {
                                over = true;
                                if (seat == 0 && !stopping) {
                                    lobby.execute(Normal.this::replace);
                                }
                                pacer.schedule(this::close, 500, TimeUnit.MILLISECONDS);
                            }
                        } else if (d != null && actedAt < (int) m.version()) {
                            int ply = (int) m.version();
                            actedAt = ply;
                            String json = Json.write(new ClientMessage.Act(Scripted.choose(d, ply), ply, "n-" + ply));
                            long think = 50 + rng.nextInt(150);
                            pacer.schedule(() -> send(json), think, TimeUnit.MILLISECONDS);
                        }
                    }
                    case "ack" -> {
                        LatencyHistogram h = current;
                        if (h != null) {
                            h.record(now - sentAt);
                        }
                    }
                    case "error" -> {
                        if (m.rejection().code() == ErrorCode.THROTTLED) {
                            pacer.schedule(() -> send(lastSent), 100, TimeUnit.MILLISECONDS);
                        } else {
                            refused.incrementAndGet();
                            problems.add(game.id + " seat " + seat + ": " + m.rejection());
                        }
                    }
                    case "rejected" -> {
                        refused.incrementAndGet();
                        problems.add(game.id + " seat " + seat + ": " + m.rejection());
                    }
                    default -> {
                        // presence, pong
                    }
                }
            }

            void send(String json) {
                synchronized (this) {
                    lastSent = json;
                    sentAt = System.nanoTime();
                    WebSocket ws = socket;
                    sending = sending.thenCompose(x -> ws.sendText(json, true));
                }
            }

            void close() {
                WebSocket ws = socket;
                if (ws != null) {
                    ws.abort();
                }
            }
        }

        void replace() {
            try {
                newGame();
            } catch (RuntimeException e) {
                if (!stopping) {
                    problems.add("a new game could not start: " + e);
                }
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // Helpers
    // ----------------------------------------------------------------------------------------------------------

    /** Spaces calls at a steady rate (blocking), so that the cases stay below the server's flood control. */
    static final class Pacer {
        private final long intervalNanos;
        private long next = System.nanoTime();

        Pacer(double perSecond) {
            this.intervalNanos = (long) (1e9 / perSecond);
        }

        void acquire() {
            long at;
            synchronized (this) {
                long now = System.nanoTime();
                next = Math.max(next, now);
                at = next;
                next += intervalNanos;
            }
            long wait = at - System.nanoTime();
            if (wait > 0) {
                sleepNanos(wait);
            }
        }
    }

    static void sleepNanos(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "fuzz-" + name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * What the server writes to stderr while the fuzzer runs (slf4j-simple looks System.err up at every line), kept
     * to be searched for tokens and counted; nothing is passed on, so that the report stays readable.
     */
    static final class LogTap {
        private final PrintStream original;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private static final int LIMIT = 32 << 20;

        private LogTap(PrintStream original) {
            this.original = original;
        }

        static LogTap install() {
            LogTap t = new LogTap(System.err);
            System.setErr(new PrintStream(new OutputStream() {
                @Override
                public void write(int b) {
                    synchronized (t.kept) {
                        if (t.kept.size() < LIMIT) {
                            t.kept.write(b);
                        }
                    }
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    synchronized (t.kept) {
                        if (t.kept.size() < LIMIT) {
                            t.kept.write(b, off, Math.min(len, LIMIT - t.kept.size()));
                        }
                    }
                }
            }, true, StandardCharsets.UTF_8));
            return t;
        }

        String text() {
            synchronized (kept) {
                return kept.toString(StandardCharsets.UTF_8);
            }
        }

        void uninstall() {
            System.setErr(original);
        }
    }
}
