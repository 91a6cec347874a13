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
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two servers on one PostgreSQL database serve one game: the seats are connected to different servers, every
 * action reaches both servers' connections in order (LISTEN/NOTIFY), a join on one server starts the game on the
 * other, and of two actions sent to the two servers at the same ply exactly one is applied. The two servers are
 * processes of their own. And with one of them killed mid-game, the games go on through the other ({@link Chaos}).
 */
class TwoServersTest {
    static final int PLIES = 40;

    @Test
    void twoServersOnOnePostgresServeOneGame() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres()) {
            Process a = CrashSafetyTest.startServer(List.of("--db", db.url()));
            Process b = CrashSafetyTest.startServer(List.of("--db", db.url()));
            try {
                play(CrashSafetyTest.port(a), CrashSafetyTest.port(b));
            } finally {
                for (Process p : new Process[] {a, b}) { // before the database is dropped
                    p.destroy();
                    p.waitFor(10, TimeUnit.SECONDS);
                    p.destroyForcibly();
                }
            }
        }
    }

    /**
     * Two server processes on one PostgreSQL database, the seats and spectators of every game spread over both;
     * one is killed mid-game (twice): its clients go on through the other, and the games with them.
     */
    @Test
    void twoServersOneKilledTheGamesGoOnThroughTheOther() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres()) {
            Chaos.Result r = Chaos.run(ChaosTest.shortRun().withKills(2).withDatabase(db.url()).withServers(2),
                    System.out::println);
            ChaosTest.assertClean(r, 2);
            assertTrue(r.ackedWithOneServerDown() > 0, "the games went on while one server was down");
        }
    }

    private static void play(int portA, int portB) throws Exception {
        TestClient ca = new TestClient(portA), cb = new TestClient(portB);
        Lobby.Created c = ca.post("/api/games", null, new Lobby.CreateGame(null,
                List.of(ServerContractTest.PERSON, ServerContractTest.PERSON))).as(Lobby.Created.class);
        String id = c.gameId(), t0 = c.invitations().get(0).token(), t1 = c.invitations().get(1).token();
        try (TestClient.Ws p0 = ca.ws(id, "token=" + t0); TestClient.Ws p1 = cb.ws(id, "token=" + t1);
             TestClient.Ws wa = ca.ws(id, ""); TestClient.Ws wb = cb.ws(id, "")) {
            assertEquals(200, ca.post("/api/games/" + id + "/join", t0, "").status());
            // Seat 1 joins on the other server; the game starts there, and server A hears of it.
            assertEquals(Lobby.Status.RUNNING, cb.post("/api/games/" + id + "/join", t1, "")
                    .as(Lobby.GameSummary.class).status());
            ServerMessage.Presence started;
            do {
                started = wa.until(ServerMessage.Presence.class);
            } while (started.status() != Lobby.Status.RUNNING);

            List<TestClient.Ws> people = List.of(p0, p1);
            List<GameView.DecisionView> seen = new ArrayList<>(List.of(
                    p0.until(ServerMessage.Snapshot.class).view().decision(),
                    p1.until(ServerMessage.Snapshot.class).view().decision()));
            long[] versions = {0, 0};
            List<SeatAction> onA = new ArrayList<>(), onB = new ArrayList<>();
            for (int v = 0; v < PLIES; v++) {
                int seat = seen.get(0).seat(); // both people have seen version v (checked below)
                TestClient.Ws me = people.get(seat);
                me.send(new ClientMessage.Act(Scripted.choose(seen.get(seat), v), v, "two-" + v));
                for (int s = 0; s < 2; s++) {
                    // Each person's own server sends the update (applied there, or heard from the other).
                    ServerMessage.Update u = people.get(s).until(ServerMessage.Update.class);
                    assertEquals(v + 1, u.version());
                    versions[s] = u.version();
                    seen.set(s, u.decision());
                }
                assertEquals(new ServerMessage.Ack("two-" + v, v, v + 1), me.until(ServerMessage.Ack.class));
                ServerMessage.Update ua = wa.until(ServerMessage.Update.class),
                        ub = wb.until(ServerMessage.Update.class);
                assertEquals(v + 1, ua.version());
                assertEquals(ua, ub);
                onA.add(ua.action());
                onB.add(ub.action());
            }
            assertEquals(onA, onB);
            assertEquals(PLIES, onA.size());

            // Both servers are at ply PLIES; seat s sends two different placements, one to each server.
            GameView.DecisionView d = seen.get(0);
            while (d.kind() != dev.fortuna.engine.DecisionKind.PLACE_TILE) {
                int v = (int) versions[0];
                people.get(d.seat()).send(new ClientMessage.Act(Scripted.choose(d, v), v, "two-" + v));
                for (int s = 0; s < 2; s++) {
                    ServerMessage.Update u = people.get(s).until(ServerMessage.Update.class);
                    versions[s] = u.version();
                    seen.set(s, u.decision());
                }
                d = seen.get(0);
            }
            int ply = (int) versions[0];
            String token = d.seat() == 0 ? t0 : t1;
            GameView.Placement x = d.placements().get(0), y = d.placements().get(d.placements().size() - 1);
            ActionDto first = new ActionDto.Place(x.x(), x.y(), x.rotations().get(0));
            ActionDto second = new ActionDto.Place(y.x(), y.y(), y.rotations().get(y.rotations().size() - 1));
            CompletableFuture<TestClient.Reply> ra = CompletableFuture.supplyAsync(() -> ca.post("/api/games/" + id
                    + "/actions", token, new ActionRequest(first, ply, "race-a")));
            CompletableFuture<TestClient.Reply> rb = CompletableFuture.supplyAsync(() -> cb.post("/api/games/" + id
                    + "/actions", token, new ActionRequest(second, ply, "race-b")));
            List<TestClient.Reply> replies = List.of(ra.get(), rb.get());
            assertEquals(1, replies.stream().filter(r -> r.status() == 200).count(), replies.toString());
            Rejection lost = replies.stream().filter(r -> r.status() != 200).findFirst().orElseThrow()
                    .as(Rejection.class);
            assertTrue(lost.code() == ErrorCode.STALE_PLY || lost.code() == ErrorCode.CONFLICT, lost.toString());
            assertEquals(ply + 1, lost.ply());
            assertEquals(ply + 1, wa.until(ServerMessage.Update.class).version());
            assertEquals(ply + 1, wb.until(ServerMessage.Update.class).version());
            assertEquals(ply + 1, ca.get("/api/games/" + id + "/view", null).as(GameView.class).ply());
            assertEquals(ply + 1, cb.get("/api/games/" + id + "/view", null).as(GameView.class).ply());
        }
    }
}
