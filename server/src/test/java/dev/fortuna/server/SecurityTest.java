package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.ServerMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The security review's checks over real HTTP and WebSocket: the headers a browser page and the API should carry,
 * no permissive CORS, foreign origins refused (requests that change things and WebSocket handshakes), request
 * bodies that are not JSON refused, seat tokens and the pile's order never sent to anybody else, and no token in
 * what a server process logs while a game is played.
 */
class SecurityTest extends ServerFixture {
    RawHttp raw;

    SecurityTest() {
        super(1, 100, 0, 5L);
    }

    @BeforeAll
    void rawClient() {
        raw = new RawHttp("127.0.0.1", server.port());
    }

    private RawHttp.Reply send(String method, String target, Map<String, String> headers, String body) {
        return raw.exchange(raw.request(method, target, headers, body == null ? null
                : body.getBytes(StandardCharsets.UTF_8)), 10_000, false);
    }

    private static void assertSecurityHeaders(RawHttp.Reply r, String what) {
        assertEquals(FortunaServer.CONTENT_SECURITY_POLICY, r.header("Content-Security-Policy"), what);
        assertEquals("nosniff", r.header("X-Content-Type-Options"), what);
        assertEquals("no-referrer", r.header("Referrer-Policy"), what);
        assertEquals("DENY", r.header("X-Frame-Options"), what);
    }

    private static void assertRefusal(RawHttp.Reply r, int status, ErrorCode code, String what) {
        assertEquals(status, r.status(), what + ": " + r.body());
        assertTrue(r.header("Content-Type").startsWith("application/json"), what + ": " + r.headers());
        assertEquals(code, Json.read(r.body(), Rejection.class).code(), what + ": " + r.body());
    }

    @Test
    void thePolicyAllowsNoInlineScriptOrStyleNoFramingAndOnlyTheServersOwnOrigin() {
        String csp = FortunaServer.CONTENT_SECURITY_POLICY;
        for (String directive : List.of("default-src 'self'", "script-src 'self'", "style-src 'self'",
                "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'")) {
            assertTrue(csp.contains(directive), directive);
        }
        assertFalse(csp.contains("unsafe"), csp);
        assertFalse(csp.contains("*"), csp);
    }

    @Test
    void pagesFilesApiAnswersAndErrorsCarryTheSecurityHeaders() {
        RawHttp.Reply page = send("GET", "/", Map.of(), null);
        assertEquals(200, page.status());
        assertTrue(page.body().contains("<div id=\"app\">"), page.body());
        assertFalse(page.body().matches("(?s).*<script(?![^>]*\\bsrc=)[^>]*>.*"), "no inline script: " + page.body());
        assertSecurityHeaders(page, "/");
        RawHttp.Reply game = send("GET", "/game/AbCdEf123_-x", Map.of(), null);
        assertEquals(200, game.status());
        assertSecurityHeaders(game, "/game/{id}");
        RawHttp.Reply created = send("POST", "/api/games", Map.of("Content-Type", "application/json"),
                Json.write(new Lobby.CreateGame(null, List.of(ServerContractTest.PERSON, ServerContractTest.PERSON))));
        assertEquals(201, created.status(), created.body());
        assertSecurityHeaders(created, "POST /api/games");
        assertEquals("no-store", created.header("Cache-Control"), "the invitations carry tokens");
        RawHttp.Reply list = send("GET", "/api/games", Map.of(), null);
        assertEquals("no-store", list.header("Cache-Control"));
        RawHttp.Reply missing = send("GET", "/api/nothing", Map.of(), null);
        assertRefusal(missing, 404, ErrorCode.NOT_FOUND, "no such route");
        assertSecurityHeaders(missing, "404");
        // Refusals of Jetty's own: a malformed request, headers too large, an upgrade to no WebSocket.
        RawHttp.Reply garbage = raw.exchange("GARBAGE\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 10_000, false);
        assertRefusal(garbage, 400, ErrorCode.BAD_REQUEST, "garbage");
        assertEquals("nosniff", garbage.header("X-Content-Type-Options"));
        RawHttp.Reply big = send("GET", "/api/games", Map.of("X-Big", "x".repeat(20_000)), null);
        assertEquals(ErrorCode.TOO_LARGE, Json.read(big.body(), Rejection.class).code(), big.body());
        assertEquals(431, big.status());
        RawHttp.Reply noSocket = send("GET", "/api/games/x/ws/more", upgradeHeaders(null), null);
        assertRefusal(noSocket, 404, ErrorCode.NOT_FOUND, "an upgrade to no WebSocket");
    }

    @Test
    void noCorsHeadersForAForeignPageAndItsRequestsThatChangeThingsAreRefused() {
        Map<String, String> preflight = Map.of("Origin", "http://evil.example", "Access-Control-Request-Method",
                "POST", "Access-Control-Request-Headers", "authorization,content-type");
        RawHttp.Reply options = send("OPTIONS", "/api/games", preflight, null);
        assertNull(options.header("Access-Control-Allow-Origin"), options.headers().toString());
        assertNull(options.header("Access-Control-Allow-Methods"), options.headers().toString());
        RawHttp.Reply get = send("GET", "/api/games", Map.of("Origin", "http://evil.example"), null);
        assertEquals(200, get.status());
        assertNull(get.header("Access-Control-Allow-Origin"), "a foreign page cannot read the answer");

        int before = client.get("/api/games", null).as(Lobby.GameList.class).games().size();
        String create = Json.write(new Lobby.CreateGame(null, List.of(ServerContractTest.PERSON,
                ServerContractTest.PERSON)));
        for (String origin : List.of("http://evil.example", "null", "http://127.0.0.1:1",
                "http://localhost:" + server.port(), "https://127.0.0.1:" + server.port() + ".evil.example")) {
            RawHttp.Reply r = send("POST", "/api/games", Map.of("Content-Type", "application/json", "Origin", origin),
                    create);
            assertRefusal(r, 403, ErrorCode.FOREIGN_ORIGIN, origin);
        }
        // A form of another site (no preflight) cannot post either: its body is not JSON.
        for (String type : List.of("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; "
                + "boundary=x")) {
            assertRefusal(send("POST", "/api/games", Map.of("Content-Type", type), create), 415,
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE, type);
        }
        assertEquals(before, client.get("/api/games", null).as(Lobby.GameList.class).games().size(),
                "no game was created");
        RawHttp.Reply own = send("POST", "/api/games", Map.of("Content-Type", "application/json; charset=utf-8",
                "Origin", "http://" + raw.hostHeader()), create);
        assertEquals(201, own.status(), own.body());
    }

    @Test
    void theOriginRuleIsTheHostAndPortOfTheHostHeader() {
        assertTrue(FortunaServer.sameOrigin(null, "example.org"), "programs send no Origin");
        assertTrue(FortunaServer.sameOrigin("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assertTrue(FortunaServer.sameOrigin("https://fortuna.example", "fortuna.example"));
        assertTrue(FortunaServer.sameOrigin("http://fortuna.example:80", "fortuna.example"));
        assertTrue(FortunaServer.sameOrigin("https://Fortuna.Example:443", "fortuna.example"));
        assertTrue(FortunaServer.sameOrigin("http://[::1]:8080", "[::1]:8080"));
        assertFalse(FortunaServer.sameOrigin("http://fortuna.example", "fortuna.example:8080"));
        assertFalse(FortunaServer.sameOrigin("https://fortuna.example", "fortuna.example:80"));
        assertFalse(FortunaServer.sameOrigin("http://evil.example", "fortuna.example"));
        assertFalse(FortunaServer.sameOrigin("http://fortuna.example.evil.example", "fortuna.example"));
        assertFalse(FortunaServer.sameOrigin("null", "fortuna.example"));
        assertFalse(FortunaServer.sameOrigin("file://", "fortuna.example"));
        assertFalse(FortunaServer.sameOrigin("http://fortuna.example/path", "fortuna.example"));
        assertFalse(FortunaServer.sameOrigin("http://u@fortuna.example", "fortuna.example"));
        assertFalse(FortunaServer.sameOrigin("http://fortuna.example", null));
        assertFalse(FortunaServer.sameOrigin("::", "fortuna.example"));
    }

    private Map<String, String> upgradeHeaders(String origin) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Upgrade", "websocket");
        h.put("Connection", "Upgrade");
        h.put("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==");
        h.put("Sec-WebSocket-Version", "13");
        if (origin != null) {
            h.put("Origin", origin);
        }
        return h;
    }

    /** A raw handshake (the request's Connection header is the upgrade's, not RawHttp's close). */
    private RawHttp.Reply handshake(String target, String origin) {
        StringBuilder sb = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: " + raw.hostHeader() + "\r\n");
        upgradeHeaders(origin).forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
        return raw.exchange(sb.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII), 10_000, false);
    }

    @Test
    void aWebSocketHandshakeFromAForeignPageIsRefusedBeforeTheUpgrade() {
        Lobby.Created c = client.post("/api/games", null, new Lobby.CreateGame(null, List.of(ServerContractTest.PERSON,
                ServerContractTest.PERSON))).as(Lobby.Created.class);
        String path = "/api/games/" + c.gameId() + "/ws?token=" + c.invitations().get(0).token();
        for (String origin : List.of("http://evil.example", "null", "http://127.0.0.1:1")) {
            RawHttp.Reply r = handshake(path, origin);
            assertRefusal(r, 403, ErrorCode.FOREIGN_ORIGIN, origin);
            assertEquals(Json.write(Rejection.of(ErrorCode.FOREIGN_ORIGIN, "a page of " + origin + " may not use "
                    + "this server; open the game from the server's own address")), r.body());
            assertSecurityHeaders(r, "refused handshake");
        }
        assertEquals(101, handshake(path, "http://" + raw.hostHeader()).status(), "the server's own page");
        assertEquals(101, handshake(path, null).status(), "a program without an Origin");
    }

    /** Every JSON array of strings in a text that lists 4 tiles in the order they will be drawn. */
    private static List<String> pileWindows(List<String> upcoming) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 4 <= upcoming.size(); i++) {
            out.add("\"" + String.join("\",\"", upcoming.subList(i, i + 4)) + "\"");
        }
        return out;
    }

    private List<String> storedPile(String gameId) throws Exception {
        try (Connection c = DriverManager.getConnection(db.url());
             PreparedStatement p = c.prepareStatement("select draws from games where id = ?")) {
            p.setString(1, gameId);
            try (ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next());
                return List.of(rs.getString(1).split(","));
            }
        }
    }

    @Test
    void spectatorsAndOtherSeatsNeverReceiveATokenOrThePilesOrder() throws Exception {
        Lobby.Created c = client.post("/api/games", null, new Lobby.CreateGame(null, List.of(ServerContractTest.PERSON,
                ServerContractTest.PERSON))).as(Lobby.Created.class);
        String id = c.gameId(), t0 = c.invitations().get(0).token(), t1 = c.invitations().get(1).token();
        assertEquals(200, client.post("/api/games/" + id + "/join", t0, "").status());
        assertEquals(200, client.post("/api/games/" + id + "/join", t1, "").status());
        List<String> seen0 = new ArrayList<>(), seen1 = new ArrayList<>(), seenSpectator = new ArrayList<>();
        try (TestClient.Ws s0 = client.ws(id, "token=" + t0); TestClient.Ws s1 = client.ws(id, "token=" + t1);
             TestClient.Ws spectator = client.ws(id, "")) {
            for (int i = 0; i < 8; i++) {
                GameView v = client.get("/api/games/" + id + "/view", null).as(GameView.class);
                String token = v.decision().seat() == 0 ? t0 : t1;
                assertEquals(200, client.post("/api/games/" + id + "/actions", token, new ActionRequest(
                        Scripted.choose(v.decision(), v.ply()), v.ply(), "s-" + v.ply())).status());
            }
            s1.send(new ClientMessage.Resync(0));
            spectator.send(new ClientMessage.Resync(-1));
            Thread.sleep(300);
            s0.inbox.drainTo(seen0);
            s1.inbox.drainTo(seen1);
            spectator.inbox.drainTo(seenSpectator);
        }
        assertTrue(seenSpectator.stream().anyMatch(m -> m.contains("\"type\":\"snapshot\"")), "got snapshots");
        assertTrue(seen1.stream().filter(m -> m.contains("\"type\":\"update\"")).count() >= 8, "got the updates");
        GameView spectatorView = client.get("/api/games/" + id + "/view", null).as(GameView.class);
        List<String> everybodyElse = new ArrayList<>(seenSpectator);
        everybodyElse.add(Json.write(spectatorView));
        everybodyElse.add(client.get("/api/games/" + id + "/view?ply=3", null).body());
        everybodyElse.add(client.get("/api/games/" + id, null).body());
        everybodyElse.add(client.get("/api/games", null).body());
        everybodyElse.add(client.get("/api/games?status=running", null).body());
        everybodyElse.add(client.get("/api/games/" + id + "/actions", null).body());
        everybodyElse.add(client.get("/metrics", null).body());
        everybodyElse.add(client.get("/health", null).body());
        everybodyElse.add(client.get("/api/games/" + id + "/record", null).body());
        everybodyElse.add(client.get("/api/games/" + id + "/log", null).body());
        for (String m : everybodyElse) {
            assertFalse(m.contains(t0) || m.contains(t1), "a token reached a spectator or the lobby: " + m);
        }
        String seat1View = client.get("/api/games/" + id + "/view", t1).body();
        seen1.add(client.get("/api/games/" + id + "/log", t1).body());
        for (String m : concat(seen1, List.of(seat1View))) {
            assertFalse(m.contains(t0), "seat 0's token reached seat 1: " + m);
        }
        for (String m : concat(seen0, List.of(client.get("/api/games/" + id + "/view", t0).body()))) {
            assertFalse(m.contains(t1), "seat 1's token reached seat 0: " + m);
        }
        // The pile: what is left of the stored order is shown only as counts by tile type, in name order.
        List<String> pile = storedPile(id);
        List<String> upcoming = pile.subList(pile.size() - spectatorView.pileSize(), pile.size());
        Map<String, Integer> counts = new TreeMap<>();
        upcoming.forEach(t -> counts.merge(t, 1, Integer::sum));
        assertEquals(counts, spectatorView.remaining(), "remaining is the rest of the pile by type");
        assertEquals(new ArrayList<>(new TreeMap<>(spectatorView.remaining()).keySet()),
                new ArrayList<>(spectatorView.remaining().keySet()), "in name order, not in the pile's");
        List<String> windows = pileWindows(upcoming);
        for (String m : concat(concat(everybodyElse, seen1), concat(seen0, List.of(seat1View)))) {
            for (String w : windows) {
                assertFalse(m.contains(w), "the order of the pile (" + w + ") was sent: " + m);
            }
        }
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static final Pattern LISTENING = Pattern.compile("listening on http://localhost:(\\d+)/");

    /**
     * A server process logs at its most talkative for its own classes while a game is played, refused, resumed
     * after a restart: no seat token appears in its output.
     */
    @Test
    void noSeatTokenAppearsInAServerProcesssLog() throws Exception {
        Path dir = Files.createTempDirectory("fortuna-log-scan-");
        Path log = dir.resolve("server.log"), log2 = dir.resolve("server-again.log");
        List<String> tokens = new ArrayList<>();
        try {
            String id;
            Process p = start(dir, log);
            try {
                TestClient c = new TestClient(port(p, log));
                Lobby.Created g = c.post("/api/games", null, new Lobby.CreateGame(null,
                        List.of(ServerContractTest.PERSON, ServerContractTest.PERSON))).as(Lobby.Created.class);
                Lobby.Created other = c.post("/api/games", null, new Lobby.CreateGame(null,
                        List.of(ServerContractTest.PERSON, ServerContractTest.PERSON))).as(Lobby.Created.class);
                id = g.gameId();
                g.invitations().forEach(i -> tokens.add(i.token()));
                other.invitations().forEach(i -> tokens.add(i.token()));
                for (String t : tokens.subList(0, 2)) {
                    assertEquals(200, c.post("/api/games/" + id + "/join", t, "").status());
                }
                try (TestClient.Ws ws = c.ws(id, "token=" + tokens.get(0));
                     TestClient.Ws foreign = c.ws(id, "token=" + tokens.get(2))) {
                    ws.until(ServerMessage.Snapshot.class);
                    assertEquals(ErrorCode.BAD_TOKEN, foreign.until(ServerMessage.Error.class).rejection().code());
                    for (int i = 0; i < 6; i++) {
                        GameView v = c.get("/api/games/" + id + "/view", null).as(GameView.class);
                        c.post("/api/games/" + id + "/actions", tokens.get(v.decision().seat()), new ActionRequest(
                                Scripted.choose(v.decision(), v.ply()), v.ply(), "log-" + v.ply()));
                        // Refused in every way a token can be: another game's, a wrong seat's, a stale ply.
                        c.post("/api/games/" + id + "/actions", tokens.get(3), new ActionRequest(
                                Scripted.choose(v.decision(), v.ply()), v.ply(), "x"));
                        c.post("/api/games/" + id + "/actions", tokens.get(1 - v.decision().seat()),
                                new ActionRequest(Scripted.choose(v.decision(), v.ply()), v.ply(), "y" + i));
                        c.post("/api/games/" + id + "/actions", tokens.get(v.decision().seat()), "{\"action\":{"
                                + "\"type\":\"pass\"},\"ply\":" + v.ply() + ",\"clientActionId\":\"" + tokens.get(0)
                                + "\"" + "}x");
                        c.get("/api/games/" + id + "/hint", tokens.get(v.decision().seat()));
                    }
                    ws.send(new ClientMessage.Act(null, 0, tokens.get(0)));
                    ws.sendText("{\"type\":\"act\",\"token\":\"" + tokens.get(0) + "\"}");
                    ws.until(ServerMessage.Error.class);
                }
            } finally {
                p.destroy(); // SIGTERM: the shutdown hook closes the server, logging as it goes
                p.waitFor(20, TimeUnit.SECONDS);
                p.destroyForcibly();
            }
            Process again = start(dir, log2);
            try {
                TestClient c = new TestClient(port(again, log2));
                try (TestClient.Ws ws = c.ws(id, "token=" + tokens.get(1))) {
                    ws.until(ServerMessage.Snapshot.class);
                }
            } finally {
                again.destroy();
                again.waitFor(20, TimeUnit.SECONDS);
                again.destroyForcibly();
            }
            String text = Files.readString(log) + Files.readString(log2);
            assertTrue(text.contains("rebuilt 2 unfinished games"), "the log was captured: " + text);
            for (String t : tokens) {
                assertFalse(text.contains(t), "a seat token was logged:\n" + text);
            }
        } finally {
            TestDatabases.deleteTree(dir);
        }
    }

    /** A server process whose stdout and stderr (every log line, its own classes at TRACE) are appended to a file. */
    private static Process start(Path dir, Path log) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx256m",
                "-Dorg.slf4j.simpleLogger.log.dev.fortuna=trace", FortunaServer.class.getName(), "--port", "0",
                "--data", dir.resolve("data").toString()));
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    private static int port(Process p, Path log) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end && p.isAlive()) {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
            for (String line : lines) {
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the server process did not start: " + Files.readString(log));
    }
}
