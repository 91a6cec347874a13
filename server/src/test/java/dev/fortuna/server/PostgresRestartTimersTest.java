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
     * other server, the stand-in is stored and announced, and the other server gives the seat back to its person.
     */
    @Test
    void aPersonConnectedToTheOtherServerKeepsTheSeatWhenTheRestartedServersGracePeriodEnds() throws Exception {
        restart(0);
        Lobby.Created c = create(new Lobby.CreateGame(null, List.of(PERSON, RANDOM_BOT), 6, "random"));
        String id = c.gameId(), t0 = c.invitations().get(0).token();
        try (FortunaServer other = FortunaServer.start(new ServerConfig("127.0.0.1", 0, db.url(), 1, 100, 0, 3L))) {
            TestClient there = new TestClient(other.port());
            try (TestClient.Ws seat0 = there.ws(id, "token=" + t0)) {
                // Seat 0 joins and is connected on the other server: no grace period runs anywhere (this server
                // heard of the join, and starts grace periods only at its own joins and at start-up).
                TestClient.Reply joined = there.post("/api/games/" + id + "/join", t0, "");
                assertEquals(200, joined.status(), joined.body());
                // This server restarts and starts seat 0's grace period; a spectator here sees it end.
                restart(0);
                try (TestClient.Ws watcher = client.ws(id, "")) {
                    watcher.until(ServerMessage.Presence.class, x -> x.standIn().get(0));
                }
                // The other server gave the seat back to its connected person; both servers hold that.
                awaitSeat0Back(there, id);
                awaitSeat0Back(client, id);
                GameView v = awaitView(there, id, x -> x.decision().seat() == 0, "seat 0 decides");
                TestClient.Reply r = there.post("/api/games/" + id + "/actions", t0, new ActionRequest(
                        Scripted.choose(v.decision(), v.ply()), v.ply(), "back-" + v.ply()));
                assertEquals(200, r.status(), r.body());
            }
        }
    }

    /** Waits (generously) until the server {@code on} holds seat 0 as its person's again. */
    private static void awaitSeat0Back(TestClient on, String id) throws InterruptedException {
        for (int i = 0; i < 1500; i++) {
            List<Lobby.SeatInfo> seats = on.get("/api/games/" + id, null).as(Lobby.GameSummary.class).seats();
            if (!seats.get(0).standIn()) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("seat 0 is not back with its person on " + on.base);
    }
}
