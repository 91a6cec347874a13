package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.ServerMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL goes away under a running server and comes back: actions meanwhile are refused with
 * {@code UNAVAILABLE} (HTTP 503), over HTTP and WebSocket, and nothing is acknowledged or applied; the lobby refuses
 * too and {@code /health} says so; once the database is back the server carries on by itself (no restart): the
 * refused action sent again with the same client action id is applied, the game goes on, a game of bots resumes,
 * and every acknowledged action is in the database. The database is a private server of the test's own, stopped
 * with {@code pg_ctl stop -m immediate}.
 */
class DatabaseOutageTest {
    static final Lobby.SeatSpec PERSON = ServerContractTest.PERSON,
            BOT = new Lobby.SeatSpec(Lobby.SeatKind.BOT, "random", null);

    @Test
    void actionsDuringAnOutageAreRefusedAndTheServerRecoversByItself() throws Exception {
        Path dir = Files.createTempDirectory("fortuna-outage-");
        try (PrivatePostgres pg = PrivatePostgres.start();
             FortunaServer server = FortunaServer.start(ServerConfig.defaults(0, dir).withHost("127.0.0.1")
                     .withJdbcUrl(pg.url()).withBotDelayMillis(40))) {
            TestClient c = new TestClient(server.port());
            Lobby.Created created = c.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, PERSON)))
                    .as(Lobby.Created.class);
            String id = created.gameId();
            List<String> tokens = List.of(created.invitations().get(0).token(), created.invitations().get(1).token());
            for (String t : tokens) {
                assertEquals(200, c.post("/api/games/" + id + "/join", t, "").status());
            }
            try (TestClient.Ws p0 = c.ws(id, "token=" + tokens.get(0)); TestClient.Ws p1 = c.ws(id, "token="
                    + tokens.get(1))) {
                List<TestClient.Ws> people = List.of(p0, p1);
                GameView.DecisionView d = p0.until(ServerMessage.Snapshot.class).view().decision();
                p1.until(ServerMessage.Snapshot.class);
                int acked = 0;
                for (; acked < 4; acked++) {
                    d = actOverWs(people, d, acked);
                }
                String bots = c.post("/api/games", null, new Lobby.CreateGame(null, List.of(BOT, BOT)))
                        .as(Lobby.Created.class).gameId();

                pg.stopImmediately();
                int botPly = ply(c, bots);
                int seat = d.seat();
                ActionDto a = Scripted.choose(d, acked);
                long t0 = System.nanoTime();
                TestClient.Reply refused = c.post("/api/games/" + id + "/actions", tokens.get(seat),
                        new ActionRequest(a, acked, "outage-" + acked));
                System.out.printf("an action during the outage was refused after %.1f s: %s%n",
                        (System.nanoTime() - t0) / 1e9, refused.body());
                assertEquals(503, refused.status(), refused.body());
                assertEquals(ErrorCode.UNAVAILABLE, refused.as(Rejection.class).code());
                // The lobby and /health meanwhile (each waits for a connection as long as the action did).
                CompletableFuture<TestClient.Reply> lobby = CompletableFuture.supplyAsync(() -> c.post("/api/games",
                        null, new Lobby.CreateGame(null, List.of(PERSON, BOT))));
                CompletableFuture<TestClient.Reply> health = CompletableFuture.supplyAsync(() -> c.get("/health",
                        null));
                long t1 = System.nanoTime();
                people.get(seat).send(new ClientMessage.Act(a, acked, "outage-ws-" + acked));
                ServerMessage.Rejected onWs = people.get(seat).until(ServerMessage.Rejected.class);
                System.out.printf("the same over the WebSocket after %.1f s%n", (System.nanoTime() - t1) / 1e9);
                assertEquals(ErrorCode.UNAVAILABLE, onWs.rejection().code(), onWs.toString());
                assertEquals(acked, ply(c, id), "nothing was applied");
                for (TestClient.Ws p : people) {
                    assertTrue(p.inbox.stream().noneMatch(m -> m.contains("\"type\":\"update\"")), "no update was sent");
                }
                assertEquals(503, lobby.get().status(), lobby.get().body());
                assertEquals(ErrorCode.UNAVAILABLE, lobby.get().as(Rejection.class).code());
                assertEquals(503, health.get().status());
                int botPlyInOutage = ply(c, bots);
                assertTrue(botPlyInOutage <= botPly + 1, "the bots could not store: " + botPly + " -> "
                        + botPlyInOutage);

                pg.startServer();
                long back = System.nanoTime();
                // The same request again: applied now, by the same server process, which was not restarted.
                TestClient.Reply again = null;
                for (int i = 0; i < 100; i++) {
                    again = c.post("/api/games/" + id + "/actions", tokens.get(seat),
                            new ActionRequest(a, acked, "outage-" + acked));
                    if (again.status() != 503) {
                        break;
                    }
                    Thread.sleep(200);
                }
                assertEquals(200, again.status(), again.body());
                System.out.printf("sent again, it was acknowledged %.1f s after the database was back%n",
                        (System.nanoTime() - back) / 1e9);
                assertEquals(new ServerMessage.Ack("outage-" + acked, acked, acked + 1L), again.as(ServerMessage.class));
                for (TestClient.Ws p : people) {
                    ServerMessage.Update u = p.until(ServerMessage.Update.class);
                    assertEquals(acked + 1L, u.version());
                    d = u.decision();
                }
                acked++;
                for (int i = 0; i < 6; i++, acked++) {
                    d = actOverWs(people, d, acked);
                }
                assertEquals(200, c.get("/health", null).status());
                int resumed = botPlyInOutage;
                for (int i = 0; i < 200 && resumed < botPlyInOutage + 5; i++) {
                    Thread.sleep(100);
                    resumed = ply(c, bots);
                }
                assertTrue(resumed >= botPlyInOutage + 5, "the game of bots resumed: " + botPlyInOutage + " -> "
                        + resumed);
                assertEquals(201, c.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, BOT)))
                        .status());
            }
            // Every acknowledged action is stored, each once.
            try (Connection db = DriverManager.getConnection(pg.url());
                 PreparedStatement p = db.prepareStatement("select ply, client_action_id from actions where "
                         + "game_id = ? order by ply")) {
                p.setString(1, id);
                List<String> ids = new ArrayList<>();
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        assertEquals(ids.size(), rs.getInt(1));
                        ids.add(rs.getString(2));
                    }
                }
                assertEquals(11, ids.size(), ids.toString());
                assertEquals("outage-4", ids.get(4));
            }
        } finally {
            TestDatabases.deleteTree(dir);
        }
    }

    /** The deciding person acts at version {@code v} over the WebSocket; returns the next decision. */
    private static GameView.DecisionView actOverWs(List<TestClient.Ws> people, GameView.DecisionView d, int v) {
        TestClient.Ws me = people.get(d.seat());
        me.send(new ClientMessage.Act(Scripted.choose(d, v), v, "o-" + v));
        GameView.DecisionView next = null;
        for (TestClient.Ws p : people) {
            ServerMessage.Update u = p.until(ServerMessage.Update.class);
            assertEquals(v + 1L, u.version());
            next = u.decision();
        }
        assertEquals(new ServerMessage.Ack("o-" + v, v, v + 1L), me.until(ServerMessage.Ack.class));
        return next;
    }

    private static int ply(TestClient c, String id) {
        return c.get("/api/games/" + id + "/view", null).as(GameView.class).ply();
    }
}
