package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Clocks and grace periods across a restart: a server is stopped in the middle of a game and a new one is started
 * on the same database (real servers on free ports, real HTTP and WebSocket clients). Runs once per database
 * (subclasses: H2 file and PostgreSQL).
 *
 * <p>What must hold (docs/protocol.md, Clock and Stand-ins): the time the server was down is not charged to anybody,
 * however often it restarts; the decision that was running when the server stopped counts afresh from the restart;
 * a seat that ran out of time stays out of time and is played by the stand-in; every person's grace period starts
 * afresh at the restart; a seat a stand-in plays (after the grace period, or resigned) stays so and is reclaimed
 * with its token.
 */
abstract class RestartTimersTest {
    static final Lobby.SeatSpec PERSON = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null);
    static final Lobby.SeatSpec RANDOM_BOT = new Lobby.SeatSpec(Lobby.SeatKind.BOT, "random", null);
    /** The time the tests keep a server down: time that must not be charged to the deciding seat. */
    static final long DOWN_MILLIS = 2000;

    TestDatabases.Db db;
    FortunaServer server;
    TestClient client;

    abstract TestDatabases.Db database() throws Exception;

    @BeforeEach
    void createDatabase() throws Exception {
        db = database();
    }

    @AfterEach
    void stopServerAndDropDatabase() {
        stop();
        db.close();
    }

    void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    /** Stops the running server (if any) and starts a new one on the same database; bots wait {@code botDelay}. */
    void restart(long botDelayMillis) throws Exception {
        stop();
        server = FortunaServer.start(new ServerConfig("127.0.0.1", 0, db.url(), 1, 100, botDelayMillis, 3L));
        client = new TestClient(server.port());
    }

    Lobby.Created create(Lobby.CreateGame req) {
        TestClient.Reply r = client.post("/api/games", null, req);
        assertEquals(201, r.status(), r.body());
        return r.as(Lobby.Created.class);
    }

    void join(String id, String token) {
        TestClient.Reply r = client.post("/api/games/" + id + "/join", token, "");
        assertEquals(200, r.status(), r.body());
    }

    GameView view(String id) {
        return view(client, id);
    }

    static GameView view(TestClient on, String id) {
        TestClient.Reply r = on.get("/api/games/" + id + "/view", null);
        assertEquals(200, r.status(), r.body());
        return r.as(GameView.class);
    }

    Lobby.SeatInfo seat(String id, int seat) {
        return client.get("/api/games/" + id, null).as(Lobby.GameSummary.class).seats().get(seat);
    }

    /** Polls the game's view (every 20 ms, at most 30 s: a generous wait, not a time limit) until it matches. */
    GameView awaitView(String id, Predicate<GameView> until, String what) throws InterruptedException {
        return awaitView(client, id, until, what);
    }

    static GameView awaitView(TestClient on, String id, Predicate<GameView> until, String what)
            throws InterruptedException {
        GameView v = null;
        for (long end = System.nanoTime() + 30_000_000_000L; System.nanoTime() < end; Thread.sleep(20)) {
            v = view(on, id);
            if (until.test(v)) {
                return v;
            }
        }
        fail("no view where " + what + " within 30 s; last: ply " + (v == null ? null : v.ply() + " " + v.decision()));
        return null;
    }

    /** The seat's decision, played with its token over HTTP; returns the ply it was made at. */
    int play(String id, int seat, String token) {
        GameView v = view(id);
        assertEquals(seat, v.decision().seat(), "seat " + seat + " decides at ply " + v.ply());
        TestClient.Reply r = client.post("/api/games/" + id + "/actions", token,
                new ActionRequest(Scripted.choose(v.decision(), v.ply()), v.ply(), "p" + seat + "-" + v.ply()));
        assertEquals(200, r.status(), r.body());
        return v.ply();
    }

    /** Plays the seat's decisions until another seat decides; returns how many it made. */
    int playTurn(String id, int seat, String token) {
        int n = 0;
        while (view(id).decision().seat() == seat) {
            play(id, seat, token);
            n++;
        }
        return n;
    }

    /** Stops the server, keeps it down for {@link #DOWN_MILLIS} and starts a new one; returns when it began. */
    long downAndRestart() throws Exception {
        stop();
        Thread.sleep(DOWN_MILLIS);
        long restarted = System.nanoTime();
        restart(0);
        return restarted;
    }

    static long millisSince(long nanoTime) {
        return (System.nanoTime() - nanoTime) / 1_000_000;
    }

    /** The clock message that follows the update of {@code version} (updates are followed by the clock). */
    static ServerMessage.Clock clockAfter(TestClient.Ws ws, long version) {
        while (ws.until(ServerMessage.Update.class).version() < version) {
            // earlier updates
        }
        return ws.until(ServerMessage.Clock.class);
    }

    /**
     * The clock across two restarts. While a seat does not decide its time does not run, so what the clock shows
     * for it is exact, and must be the same after a restart. The seat deciding when the server stopped is charged
     * only for the time since the new server started (not the time the server was down): checked against the
     * time the test measured since it started the new server, and, after a second restart, by the exact time shown
     * for it once it has decided (a server that charged the wall clock between stored actions charged the first
     * downtime on the second restart).
     */
    @Test
    void remainingTimesAreRestoredExactlyAndTheTimeTheServerWasDownIsNotCharged() throws Exception {
        restart(0);
        Lobby.Created c = create(new Lobby.CreateGame(null, List.of(PERSON, PERSON), null, "random", 600, 5));
        String id = c.gameId(), t0 = c.invitations().get(0).token(), t1 = c.invitations().get(1).token();
        long seat0Left;
        try (TestClient.Ws watcher = client.ws(id, "")) {
            join(id, t0);
            join(id, t1);
            int made = playTurn(id, 0, t0);
            ServerMessage.Clock clock = clockAfter(watcher, made);
            assertEquals(1, clock.deciding());
            assertEquals(List.of(false, false), clock.outOfTime());
            seat0Left = clock.remainingMillis().get(0);
            assertTrue(seat0Left <= 600_000 + 5_000L * made && seat0Left > 0, "seat 0 has " + seat0Left);
        }

        // Down while seat 1 decides; the new server counts seat 1's decision afresh.
        long restarted = downAndRestart();
        long seat1Left;
        try (TestClient.Ws watcher = client.ws(id, "")) {
            ServerMessage.Clock clock = watcher.until(ServerMessage.Clock.class);
            long since = millisSince(restarted);
            assertEquals(1, clock.deciding());
            assertEquals(List.of(false, false), clock.outOfTime());
            assertEquals(seat0Left, clock.remainingMillis().get(0), "seat 0 does not decide: its time is as it was");
            long seat1Now = clock.remainingMillis().get(1);
            assertTrue(seat1Now <= 600_000 && 600_000 - seat1Now <= since,
                    "seat 1 is charged only since the restart (" + since + " ms ago): it has " + seat1Now);

            long version = view(id).ply();
            int made = playTurn(id, 1, t1);
            clock = clockAfter(watcher, version + made);
            since = millisSince(restarted);
            assertEquals(0, clock.deciding());
            seat1Left = clock.remainingMillis().get(1);
            long charged = 600_000 + 5_000L * made - seat1Left;
            assertTrue(charged >= 0 && charged <= since, "seat 1 was charged " + charged + " ms for its decisions, "
                    + "more than the " + since + " ms since the restart began (the " + DOWN_MILLIS + " ms down?)");
        }

        // A second restart, now while seat 0 decides: seat 1's time is exactly what it was.
        restarted = downAndRestart();
        try (TestClient.Ws watcher = client.ws(id, "")) {
            ServerMessage.Clock clock = watcher.until(ServerMessage.Clock.class);
            long since = millisSince(restarted);
            assertEquals(List.of(false, false), clock.outOfTime());
            assertEquals(0, clock.deciding());
            assertEquals(seat1Left, clock.remainingMillis().get(1), "seat 1's time after the second restart");
            long seat0Now = clock.remainingMillis().get(0);
            assertTrue(seat0Now <= seat0Left && seat0Left - seat0Now <= since,
                    "seat 0 had " + seat0Left + " and is charged only since the restart (" + since + " ms ago): "
                            + seat0Now);
        }
        // And the game goes on under the clock.
        assertTrue(playTurn(id, 0, t0) > 0);
    }

    /**
     * A seat whose time ran out stays out of time across restarts: the first server's stand-in waits a minute
     * before deciding, so it is stopped after the time ran out and before the stand-in played anything (the moment
     * a server that kept the expiry only in memory lost it); the stand-in then plays the seat on the next servers.
     */
    @Test
    void aSeatOutOfTimeStaysOutOfTimeAndIsPlayedByTheStandInAfterRestarts() throws Exception {
        restart(60_000);
        Lobby.Created c = create(new Lobby.CreateGame(null, List.of(PERSON, RANDOM_BOT), null, "random", 5, 30));
        String id = c.gameId();
        try (TestClient.Ws watcher = client.ws(id, "")) {
            join(id, c.invitations().get(0).token());
            ServerMessage.Clock clock = watcher.until(ServerMessage.Clock.class, x -> x.outOfTime().get(0));
            assertEquals(new ServerMessage.Clock(List.of(0L, 5000L), 0, List.of(true, false)), clock);
        }
        assertEquals(0, view(id).ply(), "the stand-in has not played yet");

        restart(100);
        try (TestClient.Ws watcher = client.ws(id, "")) {
            // (The stand-in may have played already: seat 0's time stays 0 either way.)
            ServerMessage.Clock clock = watcher.until(ServerMessage.Clock.class);
            assertEquals(0L, clock.remainingMillis().get(0));
            assertEquals(List.of(true, false), clock.outOfTime());
        }
        awaitView(id, v -> v.ply() >= 1, "the stand-in played");
        SeatAction first = client.get("/api/games/" + id + "/actions", null).as(SeatAction[].class)[0];
        assertEquals(0, first.seat(), "the stand-in played seat 0's first decision");
        // The stand-in decided for seat 0 on this server (charged a moment, not the seat's whole time): after the
        // next restart the seat is still out of time, and the stand-in goes on playing it.
        GameView before = awaitView(id, v -> v.ply() >= 3, "the bots played on");
        restart(100);
        try (TestClient.Ws watcher = client.ws(id, "")) {
            ServerMessage.Clock clock = watcher.until(ServerMessage.Clock.class);
            assertEquals(0L, clock.remainingMillis().get(0));
            assertEquals(List.of(true, false), clock.outOfTime());
            ServerMessage.Update u = watcher.until(ServerMessage.Update.class, x -> x.action().seat() == 0);
            assertTrue(u.action().ply() >= before.ply(), "seat 0 played by the stand-in after the restart");
        }
    }

    /**
     * A person who was away when the server stopped (their grace period running) is replaced by the stand-in once
     * the grace period has passed on the new server, counted afresh from its start; the person who is connected
     * is not.
     */
    @Test
    void aGracePeriodRunningAtTheStopStartsAfreshAfterTheRestart() throws Exception {
        restart(0);
        Lobby.Created c = create(new Lobby.CreateGame(null, List.of(PERSON, PERSON), 6, "random"));
        String id = c.gameId(), t1 = c.invitations().get(1).token();
        join(id, c.invitations().get(0).token());
        join(id, t1); // the game runs: seat 0, never connected, is in its grace period

        restart(0);
        try (TestClient.Ws seat1 = client.ws(id, "token=" + t1); TestClient.Ws watcher = client.ws(id, "")) {
            ServerMessage.Presence p = watcher.until(ServerMessage.Presence.class, x -> x.standIn().get(0));
            assertEquals(new ServerMessage.Presence(List.of(false, true), List.of(true, true), List.of(true, false),
                    Lobby.Status.RUNNING), p);
            ServerMessage.Update u = watcher.until(ServerMessage.Update.class);
            assertEquals(0, u.action().seat(), "the stand-in plays seat 0's decision");
            assertEquals(0, u.action().ply());
            assertEquals(new Lobby.SeatInfo(1, Lobby.SeatKind.PERSON, null, null, true, true, false, false),
                    seat(id, 1));
        }
    }

    /**
     * A seat the stand-in took after the grace period stays the stand-in's after a restart (its grace period does
     * not start again) until its person connects with the seat's token; a resigned seat stays resigned (its token
     * cannot act) until it is reclaimed with its token.
     */
    @Test
    void seatsTheStandInPlaysStaySoAfterARestartAndAreReclaimedWithTheirTokens() throws Exception {
        restart(0);
        // Seat 0 stays away past its 6 s grace period; seat 1 resigns.
        Lobby.Created c = create(new Lobby.CreateGame(null, List.of(PERSON, PERSON, PERSON), 6, "random"));
        String id = c.gameId(), t0 = c.invitations().get(0).token(), t1 = c.invitations().get(1).token(),
                t2 = c.invitations().get(2).token();
        try (TestClient.Ws seat1 = client.ws(id, "token=" + t1); TestClient.Ws seat2 = client.ws(id, "token=" + t2)) {
            c.invitations().forEach(inv -> join(id, inv.token()));
            assertEquals(200, client.post("/api/games/" + id + "/resign", t1, "").status());
            // The stand-in plays seats 0 and 1 until it is seat 2's decision.
            awaitView(id, v -> v.decision().seat() == 2 && v.ply() > 0, "the stand-in played seats 0 and 1");
        }
        Lobby.SeatInfo away = new Lobby.SeatInfo(0, Lobby.SeatKind.PERSON, null, null, true, false, true, false);
        Lobby.SeatInfo resigned = new Lobby.SeatInfo(1, Lobby.SeatKind.PERSON, null, null, true, false, true, true);
        assertEquals(away, seat(id, 0));
        assertEquals(resigned, seat(id, 1));

        restart(0);
        assertEquals(away, seat(id, 0));
        assertEquals(resigned, seat(id, 1));
        try (TestClient.Ws seat2 = client.ws(id, "token=" + t2)) {
            // Seat 2 plays; the stand-in plays seats 0 and 1 again on the new server.
            int from = view(id).ply();
            playTurn(id, 2, t2);
            GameView v = awaitView(id, x -> x.decision().seat() == 2 && x.ply() > from + 2,
                    "the stand-in played seats 0 and 1 after the restart");
            TestClient.Reply refused = client.post("/api/games/" + id + "/actions", t1,
                    new ActionRequest(new ActionDto.Pass(), v.ply(), "resigned"));
            assertEquals(403, refused.status(), refused.body());
            assertEquals(new Rejection(ErrorCode.NOT_A_PERSON_SEAT, "seat 1 resigned; a bot plays it unless it is "
                    + "reclaimed", v.ply()), refused.as(Rejection.class));

            // Seat 0's person connects with its token: the seat is theirs again.
            try (TestClient.Ws seat0 = client.ws(id, "token=" + t0); TestClient.Ws seat1 = client.ws(id, "token=" + t1)) {
                ServerMessage.Presence p = seat0.until(ServerMessage.Presence.class, x -> !x.standIn().get(0));
                assertEquals(List.of(false, true, false), p.standIn());
                // Seat 1 reclaims its seat with its token.
                TestClient.Reply back = client.post("/api/games/" + id + "/reclaim", t1, "");
                assertEquals(200, back.status(), back.body());
                assertEquals(new Lobby.SeatInfo(1, Lobby.SeatKind.PERSON, null, null, true, true, false, false),
                        back.as(Lobby.GameSummary.class).seats().get(1));
                // Now the people play seats 0 and 1 (connected: no grace period runs, no bot plays them).
                playTurn(id, 2, t2);
                assertTrue(playTurn(id, 0, t0) > 0);
                assertTrue(playTurn(id, 1, t1) > 0);
                assertEquals(2, view(id).decision().seat());
            }
        }
    }
}
