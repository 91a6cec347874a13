package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.RejectionArg;
import dev.fortuna.engine.RejectionCode;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameLog;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.RejectionArgs;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Replay;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint and message of the server over real HTTP and WebSocket on a free port. Runs once per database
 * (subclasses: H2 and PostgreSQL).
 */
abstract class ServerContractTest extends ServerFixture {
    static final Lobby.SeatSpec PERSON = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null);
    /** Fixed so that the complete game below is the same game on every run and every database. */
    static final long SHUFFLE_SEED = 11;

    ServerContractTest() {
        super(2, 1000, 2, SHUFFLE_SEED);
    }

    @Override
    abstract TestDatabases.Db database() throws Exception;

    Lobby.Created create(GameSetup setup, Lobby.SeatSpec... seats) {
        TestClient.Reply r = client.post("/api/games", null, new Lobby.CreateGame(setup, List.of(seats)));
        assertEquals(201, r.status(), r.body());
        return r.as(Lobby.Created.class);
    }

    /** A running game of two people: its id and the two seat tokens. */
    record TwoPeople(String id, String token0, String token1) {
    }

    TwoPeople twoPeople() {
        Lobby.Created c = create(null, PERSON, PERSON);
        for (Lobby.Invitation inv : c.invitations()) {
            assertEquals(200, client.post("/api/games/" + c.gameId() + "/join", inv.token(), "").status());
        }
        return new TwoPeople(c.gameId(), c.invitations().get(0).token(), c.invitations().get(1).token());
    }

    GameView view(String id, String token) {
        TestClient.Reply r = client.get("/api/games/" + id + "/view", token);
        assertEquals(200, r.status(), r.body());
        return r.as(GameView.class);
    }

    /** The game's log as the viewer of {@code token} (a spectator when null) gets it. */
    GameLog log(String id, String token) {
        TestClient.Reply r = client.get("/api/games/" + id + "/log", token);
        assertEquals(200, r.status(), r.body());
        return r.as(GameLog.class);
    }

    long version(String id) {
        return client.get("/api/games/" + id, null).as(Lobby.GameSummary.class).ply();
    }

    static void assertRejected(TestClient.Reply r, int status, ErrorCode code, String message, Integer ply) {
        assertRejected(r, status, code, message, ply, null);
    }

    /** A refusal by the rules, with its arguments (given as the engine's, mapped as the server maps them). */
    static void assertRejected(TestClient.Reply r, int status, ErrorCode code, String message, Integer ply,
                               Map<RejectionArg, Object> args) {
        assertEquals(status, r.status(), r.body());
        assertEquals(new Rejection(code, message, ply, args == null ? null : RejectionArgs.of(args)),
                r.as(Rejection.class));
    }

    @Test
    void lobbyOverHttp() {
        Lobby.Created c = create(null, new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, "Ada"),
                new Lobby.SeatSpec(Lobby.SeatKind.BOT, "random", null));
        String id = c.gameId(), base = client.base;
        assertEquals(1, c.invitations().size());
        Lobby.Invitation inv = c.invitations().get(0);
        assertEquals(0, inv.seat());
        assertEquals(22, inv.token().length());
        assertEquals(base + "/game/" + id + "#seat=0&token=" + inv.token(), inv.url());
        assertEquals(base + "/game/" + id, c.spectatorUrl());
        Lobby.GameSummary open = new Lobby.GameSummary(id, Lobby.Status.OPEN, GameSetup.of(GameConfig.base(2, 0)),
                List.of(new Lobby.SeatInfo(0, Lobby.SeatKind.PERSON, null, "Ada", false, false, false, false),
                        new Lobby.SeatInfo(1, Lobby.SeatKind.BOT, "random", null, true, true, false, false)), 0,
                List.of(0, 0), null, "greedy", null, null);
        assertEquals(open, c.game());
        assertEquals(open, client.get("/api/games/" + id, null).as(Lobby.GameSummary.class));
        assertTrue(client.get("/api/games?status=open", null).as(Lobby.GameList.class).games().contains(open));
        assertFalse(client.get("/api/games?status=running", null).as(Lobby.GameList.class).games().stream()
                .anyMatch(g -> g.gameId().equals(id)));
        assertTrue(client.get("/api/games", null).as(Lobby.GameList.class).games().contains(open));

        assertRejected(client.post("/api/games/" + id + "/actions", inv.token(),
                new ActionRequest(new ActionDto.Pass(), 0, "early")), 409, ErrorCode.GAME_NOT_STARTED,
                "the game starts when every person seat has joined", 0);
        assertRejected(client.post("/api/games/" + id + "/join", null, ""), 401, ErrorCode.BAD_TOKEN,
                "a seat token is required (Authorization: Bearer <token>)", null);
        assertRejected(client.post("/api/games/" + id + "/join", "AAAAAAAAAAAAAAAAAAAAAA", ""), 401,
                ErrorCode.BAD_TOKEN, "this token holds no seat of game " + id, null);
        TestClient.Reply joined = client.post("/api/games/" + id + "/join", inv.token(), new Lobby.Join("Ada L."));
        assertEquals(200, joined.status(), joined.body());
        Lobby.GameSummary running = joined.as(Lobby.GameSummary.class);
        assertEquals(Lobby.Status.RUNNING, running.status());
        assertEquals(new Lobby.SeatInfo(0, Lobby.SeatKind.PERSON, null, "Ada L.", true, false, false, false),
                running.seats().get(0));
        assertTrue(client.get("/api/games?status=running", null).as(Lobby.GameList.class).games().stream()
                .anyMatch(g -> g.gameId().equals(id)));

        GameView spectator = view(id, null), seat = view(id, inv.token());
        assertNull(spectator.viewer());
        assertEquals(0, seat.viewer());
        assertEquals(0, spectator.ply());
        assertEquals(DecisionKind.PLACE_TILE, spectator.decision().kind());
        assertEquals(0, spectator.decision().seat());
        assertEquals(71, spectator.pileSize() + 1); // the base game's 72 tiles: the start tile, one drawn, 70 left
        assertRejected(client.get("/api/games/" + id + "/record", null), 409, ErrorCode.NOT_FINISHED,
                "the game is not over; its record is kept when it ends", null);
        assertRejected(client.get("/api/games/nope", null), 404, ErrorCode.NOT_FOUND, "no game nope", null);
        assertRejected(client.get("/nothing/here", null), 404, ErrorCode.NOT_FOUND,
                "Endpoint GET /nothing/here not found", null);
    }

    @Test
    void badLobbyRequestsAreRefusedWithCodeAndMessage() {
        TestClient.Reply broken = client.post("/api/games", null, "{");
        assertEquals(400, broken.status());
        Rejection r = broken.as(Rejection.class);
        assertEquals(ErrorCode.BAD_REQUEST, r.code());
        assertTrue(r.message().startsWith("malformed CreateGame: "), r.message());
        assertFalse(broken.body().contains("at dev.fortuna"), "no stack trace reaches a client");
        assertRejected(client.post("/api/games", null, "{\"seats\":[{\"kind\":\"PERSON\"}],\"setup\":{\"famine\":\"all\"}}"),
                400, ErrorCode.BAD_REQUEST, "players must be 2 to 5, not 1", null);
        assertRejected(client.post("/api/games", null,
                "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"PERSON\"}],\"setup\":{\"famine\":\"all\"}}"), 400,
                ErrorCode.BAD_REQUEST, "famine needs expansions wheel-of-fortune", null);
        assertRejected(client.post("/api/games", null,
                "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"BOT\",\"bot\":\"clever\"}]}"), 400,
                ErrorCode.BAD_REQUEST, "seats[1].bot: " + botError("clever"), null);
        assertRejected(client.post("/api/games", null, "{\"seats\":[{\"kind\":\"PERSON\"},{\"kind\":\"BOT\"}]}"), 400,
                ErrorCode.BAD_REQUEST, "seats[1].bot is required for a bot (random, greedy, mcts:easy, mcts:medium, "
                        + "mcts:hard)", null);
        char[] big = new char[FortunaServer.MAX_BODY + 10];
        Arrays.fill(big, ' ');
        TestClient.Reply tooLarge = client.post("/api/games", null, "{\"seats\":[]" + new String(big) + "}");
        assertEquals(413, tooLarge.status(), tooLarge.body());
        assertEquals(ErrorCode.TOO_LARGE, tooLarge.as(Rejection.class).code());
        assertRejected(client.get("/api/games?status=lost", null), 400, ErrorCode.BAD_REQUEST,
                "status must be open, running or finished, not 'lost'", null);
    }

    private static String botError(String spec) {
        try {
            dev.fortuna.bots.BotSpec.parse(spec);
            throw new AssertionError(spec + " parses");
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Test
    void healthAndMetrics() {
        TestClient.Reply h = client.get("/health", null);
        assertEquals(200, h.status());
        assertEquals("{\"status\":\"ok\"}", h.body());
        TwoPeople g = twoPeople();
        GameView v = view(g.id(), null);
        long before = Json.read(client.get("/metrics", null).body(), Map.class).get("actionsApplied") instanceof Number n
                ? n.longValue() : -1;
        assertEquals(200, client.post("/api/games/" + g.id() + "/actions", g.token0(),
                new ActionRequest(Scripted.choose(v.decision(), 0), 0, "m1")).status());
        Map<?, ?> m = Json.read(client.get("/metrics", null).body(), Map.class);
        assertEquals(before + 1, ((Number) m.get("actionsApplied")).longValue());
        assertTrue(((Number) m.get("gamesRunning")).intValue() >= 1, m.toString());
        assertTrue(((Number) m.get("actionLatencyP99Ms")).doubleValue() >= ((Number) m.get("actionLatencyP50Ms"))
                .doubleValue(), m.toString());
    }

    @Test
    void actionsOverHttpAreCheckedForSeatPlyAndRules() {
        TwoPeople g = twoPeople(), other = twoPeople();
        String acts = "/api/games/" + g.id() + "/actions";
        GameView v0 = view(g.id(), null);
        ActionDto legal = Scripted.choose(v0.decision(), 0);
        assertRejected(client.post(acts, null, new ActionRequest(legal, 0, "s")), 403, ErrorCode.SPECTATOR_CANNOT_ACT,
                "only a seat can act: send its token (Authorization: Bearer <token>)", null);
        assertRejected(client.post(acts, g.token1(), new ActionRequest(legal, 0, "s")), 403,
                ErrorCode.NOT_YOUR_DECISION, "it is seat 0's decision (PLACE_TILE), not seat 1's", 0,
                Map.of(RejectionArg.SEAT, Seat.of(1), RejectionArg.DECIDER, Seat.of(0)));
        assertRejected(client.post(acts, other.token0(), new ActionRequest(legal, 0, "s")), 401, ErrorCode.BAD_TOKEN,
                "this token holds no seat of game " + g.id(), null);
        assertRejected(client.post(acts, g.token0(), new ActionRequest(legal, 3, "s")), 409, ErrorCode.STALE_PLY,
                "the action was chosen at ply 3 but the game is at ply 0", 0);
        String tile = v0.decision().tile();
        assertRejected(client.post(acts, g.token0(), new ActionRequest(new ActionDto.Place(0, 0, 0), 0, "a")), 422,
                ErrorCode.SQUARE_TAKEN, "square (0,0) is already taken", 0,
                Map.of(RejectionArg.TILE, tile, RejectionArg.POSITION, new Position(0, 0)));
        assertRejected(client.post(acts, g.token0(), new ActionRequest(new ActionDto.Place(5, 5, 0), 0, "b")), 422,
                ErrorCode.NOT_ADJACENT, "square (5,5) does not share an edge with the landscape", 0,
                Map.of(RejectionArg.TILE, tile, RejectionArg.POSITION, new Position(5, 5)));
        assertRejected(client.post(acts, g.token0(), new ActionRequest(new ActionDto.Place(0, 1, 45), 0, "c")), 400,
                ErrorCode.MALFORMED_ACTION, "rotation must be 0, 90, 180 or 270 degrees, not 45", 0);
        assertRejected(client.post(acts, g.token0(), new ActionRequest(new ActionDto.Pass(), 0, "d")), 422,
                ErrorCode.NOT_A_LEGAL_OPTION, "seat 0 must place tile " + tile + ", not pass", 0,
                Map.of(RejectionArg.DECISION, DecisionKind.PLACE_TILE, RejectionArg.ACTION, Action.PASS));
        assertRejected(client.post(acts, g.token0(), "{\"action\":{\"type\":\"pass\"},\"ply\":0}"), 400,
                ErrorCode.BAD_REQUEST, "clientActionId must be 1 to 100 characters", null);

        TestClient.Reply ok = client.post(acts, g.token0(), new ActionRequest(legal, 0, "c1"));
        assertEquals(200, ok.status(), ok.body());
        assertEquals(new ServerMessage.Ack("c1", 0, 1), ok.as(ServerMessage.class));
        // The same client action id again, even with another action: the same answer, applied once.
        assertEquals(ok.body(), client.post(acts, g.token0(), new ActionRequest(legal, 0, "c1")).body());
        assertEquals(ok.body(), client.post(acts, g.token0(), new ActionRequest(new ActionDto.Pass(), 1, "c1")).body());
        // A refusal is repeated as well, though the game has moved on.
        assertEquals(client.post(acts, g.token0(), new ActionRequest(legal, 3, "s")).body(),
                client.post(acts, g.token0(), new ActionRequest(legal, 3, "s")).body());
        GameView v1 = view(g.id(), null);
        assertEquals(1, v1.ply());
        assertEquals("[" + Json.write(new SeatAction(0, 0, legal)) + "]",
                client.get("/api/games/" + g.id() + "/actions", null).body());
        assertEquals("[]", client.get("/api/games/" + g.id() + "/actions?from=1", null).body());
        assertRejected(client.get("/api/games/" + g.id() + "/actions?from=2", null), 400, ErrorCode.BAD_REQUEST,
                "from must be 0 to 1, not 2", null);
        assertEquals(Json.write(v0), Json.write(client.get("/api/games/" + g.id() + "/view?ply=0", null)
                .as(GameView.class)));
        assertEquals(Json.write(v1), Json.write(client.get("/api/games/" + g.id() + "/view?ply=1", null)
                .as(GameView.class)));
        assertRejected(client.get("/api/games/" + g.id() + "/view?ply=9", null), 400, ErrorCode.BAD_REQUEST,
                "ply must be 0 to 1, not 9", null);
    }

    /**
     * A placement that does not fit, sent over HTTP and over the WebSocket: the wire code TILE_DOES_NOT_FIT with the
     * tile, the square and the rotation. The refused (square, rotation) is found by the engine on a game with the
     * same start and the drawn tile alone (the server's pile is secret).
     */
    @Test
    void aTileThatDoesNotFitIsRefusedWithItsSquareAndRotation() {
        TwoPeople g = twoPeople();
        String acts = "/api/games/" + g.id() + "/actions";
        String tile = view(g.id(), null).decision().tile();
        GameState oracle = GameState.newGame(GameConfig.builder().players(2).draws(tile).build());
        Action.PlaceTile misfit = null;
        for (Position p : List.of(new Position(0, -1), new Position(1, 0), new Position(0, 1), new Position(-1, 0))) {
            for (Rotation r : Rotation.values()) {
                Action.PlaceTile a = new Action.PlaceTile(p, r);
                if (misfit == null && oracle.copy().apply(Seat.of(0), a) instanceof ApplyResult.Rejected rej
                        && rej.code() == RejectionCode.TILE_DOES_NOT_FIT) {
                    misfit = a;
                }
            }
        }
        assertNotNull(misfit, "tile " + tile + " fits every square next to the start in every rotation");
        Position at = misfit.position();
        int degrees = misfit.rotation().degrees();
        String message = "tile " + tile + " turned " + degrees + "° does not match its neighbours at " + at;
        Map<RejectionArg, Object> args = Map.of(RejectionArg.TILE, tile, RejectionArg.POSITION, at,
                RejectionArg.ROTATION, misfit.rotation());
        assertRejected(client.post(acts, g.token0(), new ActionRequest(new ActionDto.Place(at.x(), at.y(), degrees), 0,
                "misfit")), 422, ErrorCode.TILE_DOES_NOT_FIT, message, 0, args);
        try (TestClient.Ws seat0 = client.ws(g.id(), "token=" + g.token0())) {
            seat0.next(ServerMessage.Snapshot.class);
            seat0.send(new ClientMessage.Act(ActionDto.of(misfit), 0, "ws-misfit"));
            ServerMessage.Rejected r = seat0.until(ServerMessage.Rejected.class);
            assertEquals(new ServerMessage.Rejected("ws-misfit", new Rejection(ErrorCode.TILE_DOES_NOT_FIT, message, 0,
                    RejectionArgs.of(args))), r);
        }
        String raw = client.post(acts, g.token0(), new ActionRequest(ActionDto.of(misfit), 0, "misfit-2")).body();
        assertTrue(raw.contains("\"args\":{\"tile\":\"" + tile + "\",\"position\":{\"x\":" + at.x() + ",\"y\":"
                + at.y() + "},\"rotation\":" + degrees + "}"), raw);
        assertEquals(0, view(g.id(), null).ply());
    }

    /**
     * The deployment refusals over HTTP, each with its arguments: NO_SUCH_FEATURE (a feature index the placed tile
     * does not have), NO_CROWN_SPACE (a crown space in a game without the wheel) and FEATURE_OCCUPIED (a feature of
     * the placed tile joined to one that already holds a follower: the one feature not among the offered spots).
     * Both seats play the scripted choice, which deploys wherever it can, until such a feature turns up.
     */
    @Test
    void deploymentRefusalsCarryTheTileAndFeature() {
        TwoPeople g = twoPeople();
        String acts = "/api/games/" + g.id() + "/actions";
        TileCatalog catalog = TileCatalog.standard();
        boolean occupiedSeen = false;
        int deployments = 0;
        for (int i = 0; i < 200 && !occupiedSeen; i++) {
            GameView v = view(g.id(), null);
            GameView.DecisionView d = v.decision();
            if (d.kind() == DecisionKind.GAME_OVER) {
                break;
            }
            String token = d.seat() == 0 ? g.token0() : g.token1();
            if (d.kind() == DecisionKind.DEPLOY) {
                GameView.Tile placed = v.board().get(v.board().size() - 1);
                TileType type = catalog.type(placed.tile());
                if (deployments++ == 0) {
                    assertRejected(client.post(acts, token, new ActionRequest(new ActionDto.Deploy(15), v.ply(),
                            "nsf")), 422, ErrorCode.NO_SUCH_FEATURE, "tile " + placed.tile()
                            + " has no feature 15", v.ply(), Map.of(RejectionArg.TILE, placed.tile(),
                            RejectionArg.FEATURE, 15));
                    assertRejected(client.post(acts, token, new ActionRequest(new ActionDto.Crown(Sector.TAX),
                            v.ply(), "crown")), 422, ErrorCode.NO_CROWN_SPACE,
                            "crown spaces exist only with the Wheel of Fortune", v.ply(), Map.of());
                }
                for (int f = 0; f < type.features().size() && !occupiedSeen; f++) {
                    int feature = f;
                    if (d.spots().stream().noneMatch(s -> s.feature() == feature)) {
                        String name = type.features().get(f).name();
                        TestClient.Reply r = client.post(acts, token, new ActionRequest(new ActionDto.Deploy(f),
                                v.ply(), "occ" + v.ply()));
                        assertEquals(ErrorCode.FEATURE_OCCUPIED, r.as(Rejection.class).code(), r.body());
                        assertRejected(r, 422, ErrorCode.FEATURE_OCCUPIED, r.as(Rejection.class).message(), v.ply(),
                                Map.of(RejectionArg.TILE, placed.tile(), RejectionArg.FEATURE, f,
                                        RejectionArg.FEATURE_NAME, name));
                        assertTrue(r.as(Rejection.class).message().contains(name), r.body());
                        occupiedSeen = true;
                    }
                }
            }
            TestClient.Reply ok = client.post(acts, token, new ActionRequest(Scripted.choose(d, v.ply()), v.ply(),
                    "p" + v.ply()));
            assertEquals(200, ok.status(), ok.body());
        }
        assertTrue(deployments > 0, "no deployment was offered");
        assertTrue(occupiedSeen, "no placed tile joined an occupied feature");
    }

    @Test
    void conflictingActionsAtTheSamePlyApplyExactlyOne() throws Exception {
        TwoPeople g = twoPeople();
        GameView v = view(g.id(), null);
        List<GameView.Placement> ps = v.decision().placements();
        // Two tabs of seat 0 place the tile on two different squares at once.
        ActionDto a = new ActionDto.Place(ps.get(0).x(), ps.get(0).y(), ps.get(0).rotations().get(0));
        ActionDto b = new ActionDto.Place(ps.get(1).x(), ps.get(1).y(), ps.get(1).rotations().get(0));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<TestClient.Reply>> replies = new ArrayList<>();
            for (ActionDto x : List.of(a, b)) {
                replies.add(pool.submit(() -> {
                    go.await();
                    return client.post("/api/games/" + g.id() + "/actions", g.token0(),
                            new ActionRequest(x, 0, "tab-" + x.hashCode()));
                }));
            }
            go.countDown();
            List<TestClient.Reply> rs = List.of(replies.get(0).get(), replies.get(1).get());
            assertEquals(1, rs.stream().filter(r -> r.status() == 200).count(), rs.toString());
            TestClient.Reply loser = rs.stream().filter(r -> r.status() != 200).findFirst().orElseThrow();
            assertRejected(loser, 409, ErrorCode.STALE_PLY, "the action was chosen at ply 0 but the game is at ply 1", 1);
        } finally {
            pool.shutdownNow();
        }
        GameView after = view(g.id(), null);
        assertEquals(1, after.ply());
        assertEquals(2, after.board().size());
    }

    @Test
    void webSocketSendsSnapshotsUpdatesAcksAndPresence() {
        TwoPeople g = twoPeople();
        try (TestClient.Ws seat0 = client.ws(g.id(), "token=" + g.token0());
             TestClient.Ws watcher = client.ws(g.id(), "")) {
            ServerMessage.Snapshot s0 = seat0.next(ServerMessage.Snapshot.class);
            assertEquals(0, s0.version());
            assertEquals(0, s0.view().viewer());
            assertEquals(new ServerMessage.Presence(List.of(true, false), List.of(true, true), List.of(false, false),
                    Lobby.Status.RUNNING), seat0.next(ServerMessage.Presence.class));
            ServerMessage.Snapshot w0 = watcher.next(ServerMessage.Snapshot.class);
            assertNull(w0.view().viewer());

            ActionDto act = Scripted.choose(s0.view().decision(), 0);
            seat0.send(new ClientMessage.Act(act, 0, "w1"));
            ServerMessage.Update u = seat0.until(ServerMessage.Update.class);
            assertEquals(1, u.version());
            assertEquals(0, u.action().seat());
            assertEquals(0, u.action().ply());
            assertEquals(act, u.action().action());
            assertEquals(EventDto.TilePlaced.class, u.events().get(0).getClass());
            assertEquals(new ServerMessage.Ack("w1", 0, 1), seat0.next(ServerMessage.Ack.class));
            assertEquals(u, watcher.until(ServerMessage.Update.class));

            watcher.send(new ClientMessage.Act(new ActionDto.Pass(), 1, "x"));
            assertEquals(new ServerMessage.Rejected("x", Rejection.of(ErrorCode.SPECTATOR_CANNOT_ACT,
                    "a spectator cannot act; connect with a seat token")), watcher.next(ServerMessage.Rejected.class));
            seat0.send(new ClientMessage.Act(new ActionDto.Pass(), 0, "w2"));
            assertEquals(new ServerMessage.Rejected("w2", new Rejection(ErrorCode.STALE_PLY,
                    "the action was chosen at ply 0 but the game is at ply 1", 1)), seat0.next(ServerMessage.Rejected.class));

            watcher.send(new ClientMessage.Resync(0));
            assertEquals(u, watcher.next(ServerMessage.Update.class));
            watcher.next(ServerMessage.Presence.class);
            watcher.send(new ClientMessage.Resync(1));
            watcher.next(ServerMessage.Presence.class); // up to date: nothing missing
            watcher.send(new ClientMessage.Ping(42));
            assertEquals(new ServerMessage.Pong(42), watcher.next(ServerMessage.Pong.class));
            watcher.sendText("not json");
            assertEquals(ErrorCode.BAD_REQUEST, watcher.next(ServerMessage.Error.class).rejection().code());
            watcher.sendText("{\"type\":\"ping\",\"nonce\":1" + " ".repeat(FortunaServer.MAX_MESSAGE) + "}");
            assertEquals(new ServerMessage.Error(Rejection.of(ErrorCode.TOO_LARGE, "a message may have at most "
                    + FortunaServer.MAX_MESSAGE + " characters, not " + (FortunaServer.MAX_MESSAGE + 25))),
                    watcher.next(ServerMessage.Error.class));

            try (TestClient.Ws late = client.ws(g.id(), "version=0")) {
                assertEquals(u, late.next(ServerMessage.Update.class)); // reconnect: the missing update, no snapshot
                late.next(ServerMessage.Presence.class);
            }
            seat0.close();
            ServerMessage.Presence p;
            do {
                p = watcher.until(ServerMessage.Presence.class);
            } while (p.connected().get(0));
            assertEquals(List.of(false, false), p.connected());
        }
    }

    @Test
    void webSocketFloodIsThrottledAndForeignTokensRefused() {
        TwoPeople g = twoPeople(), other = twoPeople();
        try (TestClient.Ws foreign = client.ws(g.id(), "token=" + other.token0())) {
            assertEquals(new ServerMessage.Error(Rejection.of(ErrorCode.BAD_TOKEN, "this token holds no seat of game "
                    + g.id())), foreign.next(ServerMessage.Error.class));
        }
        try (TestClient.Ws flood = client.ws(g.id(), "")) {
            flood.next(ServerMessage.Snapshot.class);
            for (int i = 0; i < 200; i++) {
                flood.send(new ClientMessage.Ping(i));
            }
            int pongs = 0, throttled = 0;
            for (int i = 0; i < 200; i++) {
                ServerMessage m = flood.until(ServerMessage.class);
                if (m instanceof ServerMessage.Pong) {
                    pongs++;
                } else if (m instanceof ServerMessage.Error e) {
                    assertEquals(ErrorCode.THROTTLED, e.rejection().code());
                    throttled++;
                } else {
                    i--; // presence of other connections
                }
            }
            assertEquals(200, pongs + throttled);
            assertTrue(throttled >= 200 - FortunaServer.MESSAGE_BURST - 40, "pongs " + pongs + ", throttled " + throttled);
        }
    }

    /**
     * Sends an action and returns its acknowledgement. A scripted person decides far faster than the flood guard's
     * {@value FortunaServer#MESSAGES_PER_SECOND} messages a second, so a whole game can run its bucket dry: a
     * THROTTLED answer (the action was not looked at) is waited out and the same action sent again, as a client
     * should; any other refusal fails the test with its reason.
     */
    private static ServerMessage.Ack actPaced(TestClient.Ws me, ClientMessage.Act act) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            me.send(act);
            while (true) {
                ServerMessage m = me.until(ServerMessage.class);
                if (m instanceof ServerMessage.Ack ack) {
                    return ack;
                }
                if (m instanceof ServerMessage.Error e) {
                    assertEquals(ErrorCode.THROTTLED, e.rejection().code(), e.toString());
                    assertTrue(attempt < 50, "still throttled after " + attempt + " tries");
                    Thread.sleep(100);
                    break;
                }
            }
        }
    }

    /**
     * A whole game of two scripted people and a bot with both expansions, over WebSocket: the people face Plague
     * returns and crop-circle choices, and the final scores equal the engine's replay of the stored record.
     */
    @Test
    void completeGameOfPeopleAndABotMatchesTheReplayOfItsRecord() throws Exception {
        GameSetup setup = new GameSetup(3, List.of("wheel-of-fortune", "crop-circles"), null, null, null, null, null,
                null, null, null);
        Lobby.Created c = create(setup, PERSON, PERSON, new Lobby.SeatSpec(Lobby.SeatKind.BOT, "greedy", null));
        String id = c.gameId();
        List<String> tokens = c.invitations().stream().map(Lobby.Invitation::token).toList();
        tokens.forEach(t -> assertEquals(200, client.post("/api/games/" + id + "/join", t, "").status()));
        int plagueReturns = 0, cropChoices = 0, botActions = 0, valuesChecked = 0;
        List<Integer> finalScores = null;
        // Every seat's score after each ply, summed from the events, as a late viewer's chart needs it.
        List<List<Integer>> history = new ArrayList<>();
        int[] running = new int[3];
        history.add(List.of(0, 0, 0));
        boolean valued = false;
        // Every update's events as the watcher got them: what GET …/log must give any viewer, at any time.
        List<GameLog.Entry> seen = new ArrayList<>();
        Map<Long, ServerMessage.Update> updates = new HashMap<>();
        try (TestClient.Ws p0 = client.ws(id, "token=" + tokens.get(0)); TestClient.Ws p1 = client.ws(id, "token="
                + tokens.get(1)); TestClient.Ws watcher = client.ws(id, "")) {
            List<TestClient.Ws> people = List.of(p0, p1);
            ServerMessage.Snapshot snap = watcher.next(ServerMessage.Snapshot.class);
            GameView.DecisionView d = snap.view().decision();
            long version = snap.version();
            while (d.kind() != DecisionKind.GAME_OVER) {
                if (d.seat() < 2) {
                    ActionDto a = Scripted.choose(d, version);
                    plagueReturns += d.kind() == DecisionKind.PLAGUE_RETURN ? 1 : 0;
                    cropChoices += d.kind() == DecisionKind.CROP_CIRCLE_CHOICE ? 1 : 0;
                    TestClient.Ws me = people.get(d.seat());
                    assertEquals(new ServerMessage.Ack("p" + version, (int) version, version + 1),
                            actPaced(me, new ClientMessage.Act(a, (int) version, "p" + version)));
                } else {
                    botActions++;
                }
                ServerMessage.Update u = watcher.until(ServerMessage.Update.class);
                assertEquals(version + 1, u.version());
                version = u.version();
                updates.put(version, u);
                d = u.decision();
                seen.add(new GameLog.Entry(u.version(), u.action().seat(), u.events()));
                for (EventDto e : u.events()) {
                    if (e instanceof EventDto.GameEnded end) {
                        finalScores = end.scores();
                    }
                    List<Integer> points = e instanceof EventDto.FeatureScored x ? x.points()
                            : e instanceof EventDto.SectorResolved x ? x.points()
                            : e instanceof EventDto.CrownsScored x ? x.points() : List.of();
                    for (int seat = 0; seat < points.size(); seat++) {
                        running[seat] += points.get(seat);
                    }
                }
                history.add(Arrays.stream(running).boxed().toList());
                valued |= u.featureValues().stream().anyMatch(v -> v.points().stream().anyMatch(p -> p > 0));
                if (version % 10 == 5) {
                    // The update's feature values are the view's at that ply (rebuilt by replaying), and a spectator
                    // who arrives now gets the scores of every ply so far.
                    GameView then = client.get("/api/games/" + id + "/view?ply=" + version, null).as(GameView.class);
                    assertEquals(u.featureValues(), then.featureValues(), "ply " + version);
                    assertEquals(history, then.scoreHistory(), "ply " + version);
                    valuesChecked++;
                }
                if (version == 25) {
                    // A late spectator and a seat on a new device get every event so far, as the updates had them.
                    // (The bot may have played on meanwhile: the log may be longer than what the watcher saw.)
                    for (String viewer : Arrays.asList(null, tokens.get(1))) {
                        GameLog now = log(id, viewer);
                        assertEquals(now.version(), now.entries().size());
                        assertEquals(seen, now.entries().subList(0, seen.size()));
                    }
                    // A seat reconnecting three updates behind gets those updates: all but the newest without
                    // their feature values (it keeps the ones it has), the newest whole, as it was sent live.
                    try (TestClient.Ws back = client.ws(id, "token=" + tokens.get(1) + "&version=" + (version - 3))) {
                        List<ServerMessage.Update> missed = new ArrayList<>();
                        for (ServerMessage m = back.next(); !(m instanceof ServerMessage.Presence); m = back.next()) {
                            missed.add((ServerMessage.Update) m);
                        }
                        assertTrue(missed.size() >= 3, missed.size() + " updates"); // the bot may have played on
                        for (int i = 0; i < missed.size(); i++) {
                            ServerMessage.Update m = missed.get(i);
                            assertEquals(version - 2 + i, m.version());
                            ServerMessage.Update live = updates.get(m.version());
                            if (live == null) { // played after the watcher's last update: its own turn comes
                                continue;
                            }
                            assertEquals(new ServerMessage.Update(live.version(), live.action(), live.events(),
                                    live.decision(), i == missed.size() - 1 ? live.featureValues() : null), m);
                        }
                        assertNotNull(missed.get(missed.size() - 1).featureValues());
                    }
                    try (TestClient.Ws late = client.ws(id, "")) {
                        GameView v = late.next(ServerMessage.Snapshot.class).view();
                        assertEquals(history, v.scoreHistory().subList(0, history.size()));
                        assertEquals(v.ply() + 1, v.scoreHistory().size());
                    }
                }
            }
            assertTrue(valued, "no update showed a feature worth points");
            assertTrue(valuesChecked >= 5, "checked " + valuesChecked);
            // A client that missed more updates than the server keeps gets the whole view again.
            try (TestClient.Ws late = client.ws(id, "version=0")) {
                ServerMessage.Snapshot s = late.next(ServerMessage.Snapshot.class);
                assertEquals(version, s.version());
                assertEquals(DecisionKind.GAME_OVER, s.view().decision().kind());
                assertEquals(history, s.view().scoreHistory(), "the whole game's scores, ply by ply");
                assertEquals(finalScores, history.get(history.size() - 1));
                assertEquals(List.of(), s.view().featureValues(), "nothing is left to score");
            }
            // Once the game is over the server keeps no updates (a finished game holds little memory): a client that
            // missed only the last one gets the final snapshot too, and a client that has seen the end gets nothing
            // but the table.
            try (TestClient.Ws late = client.ws(id, "version=" + (version - 1))) {
                assertEquals(version, late.next(ServerMessage.Snapshot.class).version());
            }
            try (TestClient.Ws upToDate = client.ws(id, "version=" + version)) {
                assertEquals(Lobby.Status.FINISHED, upToDate.next(ServerMessage.Presence.class).status());
            }
        }
        GameLog whole = log(id, null);
        assertEquals(new GameLog(version(id), seen), whole, "the finished game's log is every update's events");
        assertEquals(whole, log(id, tokens.get(0)));
        assertTrue(whole.entries().stream().flatMap(e -> e.events().stream())
                .anyMatch(e -> e instanceof EventDto.GameEnded));
        assertEquals(ErrorCode.BAD_TOKEN, client.get("/api/games/" + id + "/log", "not-a-token")
                .as(Rejection.class).code(), "a token of no seat is refused, not taken for a spectator");
        assertTrue(plagueReturns > 0, "the people made no Plague return");
        assertTrue(cropChoices > 0, "the people made no crop-circle choice");
        assertTrue(botActions > 0, "the bot did not play");

        Lobby.GameSummary done = client.get("/api/games/" + id, null).as(Lobby.GameSummary.class);
        assertEquals(Lobby.Status.FINISHED, done.status());
        assertEquals(finalScores, done.scores());
        TestClient.Reply rec = client.get("/api/games/" + id + "/record", null);
        assertEquals(200, rec.status());
        GameRecord record = GameRecords.fromJson(rec.body());
        Replay.Result replay = Replay.run(record);
        assertEquals(finalScores, Arrays.stream(replay.state().scores()).boxed().toList());
        assertEquals(finalScores, record.scores());
        assertTrue(replay.events().stream().anyMatch(e -> e instanceof Event.FollowerReturned r
                && r.reason() == Event.ReturnReason.PLAGUE), "a follower went back because of the Plague");
        assertTrue(client.get("/api/games?status=finished", null).as(Lobby.GameList.class).games().stream()
                .anyMatch(x -> x.gameId().equals(id)));
    }

    /** With a grace period, a stand-in bot plays for a person who is not connected, until they come back. */
    @Test
    void aStandInPlaysForAnAbsentPersonUntilTheyComeBack() {
        TestClient.Reply r = client.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, PERSON), 1,
                "random"));
        assertEquals(201, r.status(), r.body());
        Lobby.Created c = r.as(Lobby.Created.class);
        assertEquals(1, c.game().graceSeconds());
        assertEquals("random", c.game().standIn());
        String id = c.gameId(), t0 = c.invitations().get(0).token(), t1 = c.invitations().get(1).token();
        try (TestClient.Ws p1 = client.ws(id, "token=" + t1); TestClient.Ws watcher = client.ws(id, "")) {
            client.post("/api/games/" + id + "/join", t0, "");
            client.post("/api/games/" + id + "/join", t1, "");
            // Seat 0 never connects: a second later the stand-in takes it and plays its decision.
            ServerMessage.Presence p;
            do {
                p = watcher.until(ServerMessage.Presence.class);
            } while (!p.standIn().get(0));
            assertEquals(List.of(true, false), p.standIn());
            assertEquals(List.of(false, true), p.connected());
            assertEquals(0, watcher.until(ServerMessage.Update.class).action().seat());
            try (TestClient.Ws p0 = client.ws(id, "token=" + t0)) {
                p0.next(ServerMessage.Snapshot.class);
                assertEquals(List.of(false, false), p0.next(ServerMessage.Presence.class).standIn());
                Lobby.SeatInfo back = client.get("/api/games/" + id, null).as(Lobby.GameSummary.class).seats().get(0);
                assertEquals(new Lobby.SeatInfo(0, Lobby.SeatKind.PERSON, null, null, true, true, false, false), back);
            }
        }
    }

    /** A person who resigns is replaced by the stand-in bot, cannot act, and can reclaim the seat with its token. */
    @Test
    void aPersonWhoResignsIsReplacedAndCanReclaimTheSeat() throws Exception {
        TwoPeople g = twoPeople();
        String acts = "/api/games/" + g.id() + "/actions";
        Lobby.GameSummary resigned = client.post("/api/games/" + g.id() + "/resign", g.token1(), "")
                .as(Lobby.GameSummary.class);
        assertEquals(new Lobby.SeatInfo(1, Lobby.SeatKind.PERSON, null, null, true, false, true, true),
                resigned.seats().get(1));
        assertRejected(client.post(acts, g.token1(), new ActionRequest(new ActionDto.Pass(), 0, "r")), 403,
                ErrorCode.NOT_A_PERSON_SEAT, "seat 1 resigned; a bot plays it unless it is reclaimed", 0);
        // Seat 0 plays until the stand-in has played a decision of seat 1.
        for (int i = 0; i < 200; i++) {
            GameView v = view(g.id(), null);
            if (v.decision().seat() == 0) {
                assertEquals(200, client.post(acts, g.token0(), new ActionRequest(Scripted.choose(v.decision(), v.ply()),
                        v.ply(), "r" + v.ply())).status());
            } else {
                Thread.sleep(20);
            }
            if (Arrays.stream(client.get("/api/games/" + g.id() + "/actions", null).as(SeatAction[].class))
                    .anyMatch(a -> a.seat() == 1)) {
                break;
            }
        }
        assertTrue(Arrays.stream(client.get("/api/games/" + g.id() + "/actions", null).as(SeatAction[].class))
                .anyMatch(a -> a.seat() == 1), "the stand-in played for seat 1");
        Lobby.GameSummary back = client.post("/api/games/" + g.id() + "/reclaim", g.token1(), "")
                .as(Lobby.GameSummary.class);
        assertEquals(new Lobby.SeatInfo(1, Lobby.SeatKind.PERSON, null, null, true, false, false, false),
                back.seats().get(1));
        assertRejected(client.post("/api/games/" + g.id() + "/resign", null, ""), 401, ErrorCode.BAD_TOKEN,
                "a seat token is required (Authorization: Bearer <token>)", null);
    }

    /** With a clock, a person whose time runs out is played by the stand-in bot for the rest of the game. */
    @Test
    void aPersonOutOfTimeIsPlayedByTheStandIn() {
        assertRejected(client.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, PERSON), null, null,
                0, null)), 400, ErrorCode.BAD_REQUEST, "clockSeconds must be 1 to 604800, not 0", null);
        assertRejected(client.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, PERSON), null, null,
                null, 5)), 400, ErrorCode.BAD_REQUEST, "incrementSeconds needs clockSeconds", null);
        TestClient.Reply r = client.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, PERSON), null,
                "random", 1, null));
        assertEquals(201, r.status(), r.body());
        Lobby.Created c = r.as(Lobby.Created.class);
        assertEquals(1, c.game().clockSeconds());
        assertEquals(0, c.game().incrementSeconds());
        String id = c.gameId();
        try (TestClient.Ws watcher = client.ws(id, "")) {
            assertNull(watcher.until(ServerMessage.Clock.class).deciding()); // not started: nobody's time runs
            c.invitations().forEach(inv -> client.post("/api/games/" + id + "/join", inv.token(), ""));
            // Seat 0 lets its second run out: from then on the stand-in decides for it.
            ServerMessage.Clock clock;
            do {
                clock = watcher.until(ServerMessage.Clock.class);
            } while (!clock.outOfTime().get(0));
            assertEquals(List.of(true, false), clock.outOfTime());
            assertEquals(0L, clock.remainingMillis().get(0));
            assertEquals(1000L, clock.remainingMillis().get(1));
            ServerMessage.Update u = watcher.until(ServerMessage.Update.class);
            assertEquals(0, u.action().seat());
            assertEquals(0, u.action().ply());
        }
    }

    /** A game of bots only runs on its own and can be watched to its end. */
    @Test
    void botsOnlyGameRunsOnItsOwnAndCanBeWatched() throws Exception {
        Lobby.Created c = create(null, new Lobby.SeatSpec(Lobby.SeatKind.BOT, "random", null),
                new Lobby.SeatSpec(Lobby.SeatKind.BOT, "greedy", null));
        assertEquals(Lobby.Status.RUNNING, c.game().status());
        assertEquals(List.of(), c.invitations());
        try (TestClient.Ws watcher = client.ws(c.gameId(), "")) {
            ServerMessage.Snapshot s = watcher.next(ServerMessage.Snapshot.class);
            long version = s.version();
            List<Integer> scores = null;
            while (scores == null) {
                ServerMessage.Update u = watcher.until(ServerMessage.Update.class);
                assertEquals(++version, u.version());
                for (EventDto e : u.events()) {
                    if (e instanceof EventDto.GameEnded end) {
                        scores = end.scores();
                    }
                }
            }
            Replay.Result replay = Replay.run(GameRecords.fromJson(client.get("/api/games/" + c.gameId() + "/record",
                    null).body()));
            assertEquals(scores, Arrays.stream(replay.state().scores()).boxed().toList());
        }
    }

    @Test
    void aHintCarriesItsExpectedMarginAndTheAnalysisIsForEveryone() {
        TwoPeople g = twoPeople();
        String acts = "/api/games/" + g.id() + "/actions";
        // Two turns of play (each seat places a tile and decides on a follower), as a scripted person plays.
        for (int ply = 0; ply < 4; ply++) {
            GameView v = view(g.id(), null);
            String token = v.decision().seat() == 0 ? g.token0() : g.token1();
            assertEquals(200, client.post(acts, token, new ActionRequest(Scripted.choose(v.decision(), 0), ply,
                    "h" + ply)).status());
        }
        TestClient.Reply r = client.get("/api/games/" + g.id() + "/hint", g.token0());
        assertEquals(200, r.status(), r.body());
        GameService.Hint hint = r.as(GameService.Hint.class);
        assertEquals(4, hint.ply());
        assertEquals(2, hint.expectedScores().size());
        // Seat 0's expected final score minus seat 1's (each rounded to 0.01, so the difference to 0.02).
        assertEquals(hint.expectedScores().get(0) - hint.expectedScores().get(1), hint.expectedMargin(), 0.0101);
        assertTrue(r.body().contains("\"expectedMargin\":"), r.body());

        // The analysis, as a spectator (no token): the start and the two turns.
        TestClient.Reply a = client.get("/api/games/" + g.id() + "/analysis", null);
        assertEquals(200, a.status(), a.body());
        GameService.GameAnalysis an = a.as(GameService.GameAnalysis.class);
        assertEquals(4, an.ply());
        assertFalse(an.finished());
        assertEquals(3, an.turns().size());
        assertEquals(new GameService.AnalysisTurn(0, 0, null, null, List.of(0.5, 0.5)), an.turns().get(0));
        for (int t = 1; t <= 2; t++) {
            GameService.AnalysisTurn turn = an.turns().get(t);
            assertEquals(t, turn.turn());
            assertEquals(2 * t, turn.ply());
            assertEquals(t - 1, turn.seat());
            assertNotNull(turn.tile());
            assertEquals(1.0, turn.winProbability().get(0) + turn.winProbability().get(1), 1.5e-4);
        }
        // A seat asks for the same and gets the same.
        assertEquals(a.body(), client.get("/api/games/" + g.id() + "/analysis", g.token1()).body());
        assertEquals(404, client.get("/api/games/NoSuchGame123/analysis", null).status());
        // A token must be the game's, as for the log.
        assertEquals(401, client.get("/api/games/" + g.id() + "/analysis", twoPeople().token0()).status());
    }

    @Test
    void aRunningGamesAnalysisFollowsItsActions() {
        TwoPeople g = twoPeople();
        String acts = "/api/games/" + g.id() + "/actions", path = "/api/games/" + g.id() + "/analysis";
        List<GameService.AnalysisTurn> seen = new ArrayList<>();
        for (int ply = 0; ply <= 6; ply++) {
            GameService.GameAnalysis an = client.get(path, null).as(GameService.GameAnalysis.class);
            assertEquals(ply, an.ply());
            assertFalse(an.finished());
            // A turn is a placement and its follower decision: the start and a row per turn begun, the last one
            // where the actions end; the rows of the turns before it stay as they were.
            assertEquals(1 + (ply + 1) / 2, an.turns().size(), "turns at ply " + ply);
            assertEquals(ply, an.turns().get(an.turns().size() - 1).ply());
            List<GameService.AnalysisTurn> done = seen.subList(0, Math.max(0, seen.size() - 1));
            assertEquals(done, an.turns().subList(0, done.size()));
            seen = an.turns();
            if (ply < 6) {
                GameView v = view(g.id(), null);
                String token = v.decision().seat() == 0 ? g.token0() : g.token1();
                assertEquals(200, client.post(acts, token, new ActionRequest(Scripted.choose(v.decision(), 0), ply,
                        "a" + ply)).status());
            }
        }
        // Not kept: a running game's analysis is made anew for every request.
        LiveGame live = server.service().game(g.id());
        assertNotSame(server.service().analysis(live), server.service().analysis(live));
    }

    @Test
    void theAnalysisOfAFinishedGameIsTheRecordsAnalysis() throws Exception {
        Lobby.Created c = create(null, new Lobby.SeatSpec(Lobby.SeatKind.BOT, "random", null),
                new Lobby.SeatSpec(Lobby.SeatKind.BOT, "greedy", null));
        try (TestClient.Ws watcher = client.ws(c.gameId(), "")) {
            watcher.next(ServerMessage.Snapshot.class);
            boolean over = false;
            while (!over) {
                for (EventDto e : watcher.until(ServerMessage.Update.class).events()) {
                    over |= e instanceof EventDto.GameEnded;
                }
            }
        }
        GameRecord rec = GameRecords.fromJson(client.get("/api/games/" + c.gameId() + "/record", null).body());
        Replay.Result replay = Replay.run(rec);
        List<Action> actions = replay.steps().stream().map(Replay.Step::action).toList();
        List<dev.fortuna.bots.Analysis.Turn> expected = dev.fortuna.bots.Analysis.byTurn(
                GameState.newGame(rec.config().withDraws(Replay.pile(rec))), actions);
        GameService.GameAnalysis an = client.get("/api/games/" + c.gameId() + "/analysis", null)
                .as(GameService.GameAnalysis.class);
        assertTrue(an.finished());
        assertEquals(actions.size(), an.ply());
        assertEquals(expected.size(), an.turns().size());
        for (int i = 0; i < expected.size(); i++) {
            dev.fortuna.bots.Analysis.Turn t = expected.get(i);
            List<Double> p = Arrays.stream(t.win()).map(v -> Math.round(v * 10000) / 10000.0).boxed().toList();
            assertEquals(new GameService.AnalysisTurn(t.turn(), t.ply(), t.seat() < 0 ? null : t.seat(), t.tile(), p),
                    an.turns().get(i));
        }
        List<Double> last = an.turns().get(an.turns().size() - 1).winProbability();
        assertEquals(replay.state().leaders().size() == 1 ? 1.0 : 0.5,
                last.get(replay.state().leaders().get(0).index()), 0);
        // A finished game's analysis cannot change: the second request gets the first answer, computed once.
        TestClient.Reply first = client.get("/api/games/" + c.gameId() + "/analysis", null);
        TestClient.Reply second = client.get("/api/games/" + c.gameId() + "/analysis", null);
        assertEquals(200, second.status());
        assertEquals(first.body(), second.body());
        assertEquals(an, second.as(GameService.GameAnalysis.class));
        LiveGame live = server.service().game(c.gameId());
        assertSame(server.service().analysis(live), server.service().analysis(live), "kept, not computed again");
    }
}
