package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.ServerMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Clocks and grace periods across restarts on PostgreSQL, in a database of its own created for each test. */
class PostgresRestartTimersTest extends RestartTimersTest {
    @Override
    TestDatabases.Db database() throws Exception {
        return TestDatabases.postgres();
    }

    /**
     * Two servers on one database: a restarted server starts every person's grace period afresh, though it cannot
     * see the connections the other server holds. When the grace period ends there for a person connected to the
     * other server, that server gives the seat back to its person (and the stand-in keeps a seat whose person is
     * connected nowhere).
     */
    @Test
    void aPersonConnectedToTheOtherServerKeepsTheSeatWhenTheRestartedServersGracePeriodEnds() throws Exception {
        restart(0);
        Lobby.Created c = create(new Lobby.CreateGame(null, List.of(PERSON, PERSON), 2, "random"));
        String id = c.gameId(), t0 = c.invitations().get(0).token();
        c.invitations().forEach(inv -> join(id, inv.token()));
        try (FortunaServer other = FortunaServer.start(new ServerConfig("127.0.0.1", 0, db.url(), 1, 100, 0, 3L))) {
            TestClient there = new TestClient(other.port());
            try (TestClient.Ws seat0 = there.ws(id, "token=" + t0); TestClient.Ws watcher = there.ws(id, "")) {
                // This server restarts: it holds no connection and starts both grace periods (seat 0's first: one
                // bot thread runs them in order). Seat 1, connected nowhere, goes to the stand-in; by the time the
                // other server shows that, it has heard of seat 0's too, and given seat 0 back to its person.
                restart(0);
                ServerMessage.Presence p = watcher.until(ServerMessage.Presence.class, x -> x.standIn().get(1));
                assertEquals(List.of(false, true), p.standIn());
                assertEquals(List.of(true, false), p.connected());
                // Both servers hold what is stored, and seat 0's person plays their decision on the other server.
                awaitSeat0Back(client, id);
                awaitSeat0Back(there, id);
                GameView v = awaitView(there, id, x -> x.decision().seat() == 0, "seat 0 decides");
                TestClient.Reply r = there.post("/api/games/" + id + "/actions", t0, new ActionRequest(
                        Scripted.choose(v.decision(), v.ply()), v.ply(), "back-" + v.ply()));
                assertEquals(200, r.status(), r.body());
            }
        }
    }

    /** Waits (generously) until the server {@code on} holds seat 0 as its person's and seat 1 as the stand-in's. */
    private static void awaitSeat0Back(TestClient on, String id) throws InterruptedException {
        for (int i = 0; i < 1500; i++) {
            List<Lobby.SeatInfo> seats = on.get("/api/games/" + id, null).as(Lobby.GameSummary.class).seats();
            if (!seats.get(0).standIn() && seats.get(1).standIn()) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("seat 0 is not back with its person on " + on.base);
    }
}
