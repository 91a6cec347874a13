package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.protocol.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The load generator over a real server (H2), kept short. Nothing here depends on how fast the machine is: the
 * assertions are about what was sent, answered and counted, never about latency or rate.
 */
class LoadTestTest {

    @Test
    void anOpenLoopRunPlaysEveryGameItStartedAndCountsEveryAnswer() throws Exception {
        // 4 games, one of a person against the random bot: 40 actions/s is 10 per person (the most allowed). A game
        // lasts 80 or more actions, at least 4 s at this pace: none ends within the 2.5 s of the run.
        LoadTest.Options o = new LoadTest.Options(4, 1, "random", 40, 0.5, 2, 0, null, 1, 0, 25, 0);
        List<String> progress = new ArrayList<>();
        LoadTest.Result r = LoadTest.run(o, progress::add);
        assertEquals(List.of(), progress, "one window: no progress lines");
        assertEquals(0, r.rejected());
        assertEquals(0, r.errors());
        assertEquals(0, r.throttled());
        assertEquals(4, r.gamesStarted());
        assertEquals(0, r.gamesFinished());
        assertNull(r.verdict());
        assertEquals(1, r.windows().size());
        LoadTest.Window t = r.total();
        assertEquals(t.actions(), t.ack().count(), "one acknowledgement sample per acknowledged action");
        assertEquals(t.actions(), t.ackFromIntended().count());
        assertTrue(t.actions() > 0, "some action was acknowledged in 2 s");
        assertTrue(t.fanOut().count() <= t.actions(), "the other seat's updates of people's actions only");
        assertTrue(t.ack().p50() <= t.ack().p99() && t.ack().p99() <= t.ack().max());
        LoadTest.Gauges end = t.gauges();
        // Three games of two people and one of a person: 7 connections on each side, all still open.
        assertEquals(7, end.serverSessions());
        assertEquals(7, end.clientSockets());
        assertEquals(4, end.gamesRunning());
        assertTrue(end.poolTotal() >= 1 && end.poolTotal() <= 8, "pool " + end.poolTotal());
        assertEquals(0, r.created().gamesRunning() - 4, "every game was running before the first action");
        assertTrue(r.database().startsWith("H2 (file, "), r.database());
    }

    @Test
    void theFirstGamesArePlayedToSpreadStartingPliesBeforeTheRun() throws Exception {
        // Three games of two people, played to plies drawn from 0..69 with the run's seed before anything is
        // measured: each stops at the first decision at or after its ply, so the server applied exactly their sum.
        LoadTest.Options o = new LoadTest.Options(3, 0, null, 30, 0, 1, 0, null, 9, 0, 25, 70);
        java.util.SplittableRandom starts = new java.util.SplittableRandom(9);
        long expected = 0;
        for (int i = 0; i < 3; i++) {
            expected += starts.nextInt(70);
        }
        LoadTest.Result r = LoadTest.run(o, line -> { });
        assertEquals(expected, r.created().serverActions());
        assertEquals(0, r.empty().serverActions());
        assertEquals(3, r.created().gamesRunning());
        assertEquals(0, r.rejected());
        assertEquals(0, r.errors());
    }

    @Test
    void aFinishedGameIsReplacedByANewOne() throws Exception {
        // One slot, closed loop: its first game ends, a second one starts in its place and ends too.
        LoadTest.Options o = new LoadTest.Options(1, 0, null, 0, 0, 300, 0, null, 1, 2, 25, 0);
        LoadTest.Result r = LoadTest.run(o, line -> { });
        assertEquals(2, r.gamesFinished());
        assertTrue(r.gamesStarted() >= 2, "started " + r.gamesStarted());
        assertEquals(0, r.rejected());
        assertEquals(0, r.errors());
        assertTrue(r.keptUp(), "closed loop offers only what the server takes");
        assertEquals(r.total().actions(), r.total().ack().count());
        assertEquals(0, r.total().lateDecisions(), "closed loop: no schedule to be late for");
    }

    @Test
    void aSoakJudgesItsWindows() throws Exception {
        // Three windows of one second: enough to exercise the windows, the gauges and the verdict (the verdict
        // itself is not asserted: a second is too short a window to say anything about a leak or a busy machine).
        LoadTest.Options o = new LoadTest.Options(2, 0, null, 20, 0.5, 3, 1, null, 1, 0, 25, 0);
        List<String> progress = new ArrayList<>();
        LoadTest.Result r = LoadTest.run(o, progress::add);
        assertEquals(3, r.windows().size());
        assertEquals(4, progress.size());
        assertTrue(progress.get(0).startsWith("baseline at 1 s: heap "), progress.get(0));
        assertTrue(progress.get(1).contains("actions/s"), progress.get(1));
        assertEquals(8 + 3 + 1, r.verdict().checks().size());
        long sum = r.windows().stream().mapToLong(LoadTest.Window::actions).sum();
        assertEquals(r.total().actions(), sum, "the windows add up to the whole period");
        for (int i = 0; i < 3; i++) {
            assertEquals(i, r.windows().get(i).index());
            assertEquals(4, r.windows().get(i).gauges().serverSessions());
        }
    }

    @Test
    void optionsTheServerCouldNotHonestlyTakeAreRefused() {
        IllegalArgumentException perPerson = assertThrows(IllegalArgumentException.class,
                () -> new LoadTest.Options(20, 0, null, 2000, 1, 1, 0, null, 1, 0, 25, 0));
        assertEquals("2000 actions/s over 20 games is 50.0 actions/s per person, above the 10 the load generator "
                + "offers a person (the server throttles a connection above 20 messages/s); use at least 100 games",
                perPerson.getMessage());
        assertEquals(100, LoadTest.minGames(2000, false));
        assertEquals(200, LoadTest.minGames(2000, true));
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(0, 0, null, 10, 1, 1, 0, null, 1, 0, 25, 0));
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(2, 3, "random", 10, 1, 1, 0, null, 1, 0,
                25, 0));
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(2, 1, null, 10, 1, 1, 0, null, 1, 0, 25, 0));
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(2, 0, null, -1, 1, 1, 0, null, 1, 0, 25, 0));
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(2, 0, null, 10, 1, 0, 0, null, 1, 0, 25, 0));
        IllegalArgumentException windows = assertThrows(IllegalArgumentException.class,
                () -> new LoadTest.Options(2, 0, null, 10, 1, 120, 60, null, 1, 0, 25, 0));
        assertEquals("a soak needs at least 3 windows to judge a trend, not 2", windows.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(2, 0, null, 10, 1, 60, 61, null, 1, 0,
                25, 0));
        assertThrows(IllegalArgumentException.class, () -> new LoadTest.Options(2, 0, null, 10, 1, 1, 0, null, 1, 0, 25,
                71));
        assertEquals(6, new LoadTest.Options(2, 0, null, 10, 1, 1800, 300, null, 1, 0, 25, 0).windows());
        assertEquals(7, new LoadTest.Options(2, 0, null, 10, 1, 1810, 300, null, 1, 0, 25, 0).windows());
    }

    @Test
    void aPersonReadsOnlyWhatItNeedsOfAServerMessage() {
        LoadTest.Incoming u = LoadTest.Incoming.parse("{\"type\":\"update\",\"version\":8,\"action\":{\"seat\":1,"
                + "\"ply\":7,\"action\":{\"type\":\"pass\"}},\"events\":[{\"type\":\"x\",\"deep\":[[1],{\"a\":2}]}],"
                + "\"decision\":{\"kind\":\"GAME_OVER\",\"active\":0,\"placements\":[],\"spots\":[],"
                + "\"crownSectors\":[],\"returns\":[],\"adds\":[],\"cropOptions\":[],\"pass\":false},"
                + "\"featureValues\":[{\"kind\":\"CITY\"}]}");
        assertEquals("update", u.type());
        assertEquals(8, u.version());
        assertEquals(1, u.seat());
        assertEquals(7, u.ply());
        assertEquals(DecisionKind.GAME_OVER, u.decision().kind());
        assertNull(u.decision().seat());
        LoadTest.Incoming a = LoadTest.Incoming.parse("{\"type\":\"ack\",\"clientActionId\":\"lt-3\",\"ply\":3,"
                + "\"version\":4}");
        assertEquals("ack", a.type());
        assertEquals(3, a.ply());
        assertEquals(4, a.version());
        LoadTest.Incoming e = LoadTest.Incoming.parse("{\"type\":\"error\",\"rejection\":{\"code\":\"THROTTLED\","
                + "\"message\":\"slow down\"}}");
        assertEquals(ErrorCode.THROTTLED, e.rejection().code());
        LoadTest.Incoming s = LoadTest.Incoming.parse("{\"type\":\"snapshot\",\"version\":0,\"view\":{\"ply\":0,"
                + "\"board\":[{\"x\":0}],\"decision\":{\"kind\":\"PLACE_TILE\",\"seat\":0,\"active\":0,\"tile\":\"D\","
                + "\"placements\":[{\"x\":1,\"y\":0,\"rotations\":[0,90]}],\"spots\":[],\"crownSectors\":[],"
                + "\"returns\":[],\"adds\":[],\"cropOptions\":[],\"pass\":false},\"winners\":[]}}");
        assertEquals(0, s.decision().seat());
        assertEquals(List.of(0, 90), s.decision().placements().get(0).rotations());
        // A person reads a decision whole only when it decides it; of the other seat's, only kind and seat.
        String snapshot = "{\"type\":\"snapshot\",\"version\":0,\"view\":{\"ply\":0,\"decision\":{\"kind\":"
                + "\"PLACE_TILE\",\"seat\":1,\"active\":1,\"tile\":\"D\",\"placements\":[{\"x\":1,\"y\":0,"
                + "\"rotations\":[90]}],\"spots\":[],\"crownSectors\":[],\"returns\":[],\"adds\":[],"
                + "\"cropOptions\":[],\"pass\":false},\"winners\":[]}}";
        LoadTest.Incoming other = LoadTest.Incoming.parse(snapshot, 0);
        assertNull(other.decision());
        assertEquals(DecisionKind.PLACE_TILE, other.decisionKind());
        assertEquals(1, other.decider());
        LoadTest.Incoming mine = LoadTest.Incoming.parse(snapshot, 1);
        assertEquals(List.of(90), mine.decision().placements().get(0).rotations());
        assertEquals(1, mine.decider());
        // Of an update, the other seat's decision is read only to its kind and seat: the parse ends there, so the
        // (here broken) rest of the message is never read; the deciding seat reads it and finds it broken.
        String cut = "{\"type\":\"update\",\"version\":9,\"decision\":{\"kind\":\"PLACE_TILE\",\"seat\":1,"
                + "\"placements\":[{\"x\":";
        LoadTest.Incoming early = LoadTest.Incoming.parse(cut, 0);
        assertEquals(DecisionKind.PLACE_TILE, early.decisionKind());
        assertEquals(1, early.decider());
        assertNull(early.decision());
        assertThrows(IllegalArgumentException.class, () -> LoadTest.Incoming.parse(cut, 1));
        // A message in the middle of a buffer (as the WebSocket client hands it over): the decision is read from
        // the message's own bytes.
        byte[] framed = ("xxxxx" + snapshot + "yyy").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        LoadTest.Incoming inBuffer = LoadTest.Incoming.parse(framed, 5, framed.length - 8, 1);
        assertEquals(List.of(90), inBuffer.decision().placements().get(0).rotations());
        assertEquals(0, inBuffer.version());
        assertEquals(DecisionKind.GAME_OVER, LoadTest.Incoming.parse("{\"type\":"
                + "\"update\",\"version\":3,\"decision\":{\"kind\":\"GAME_OVER\",\"active\":0,\"pass\":false}}",
                0).decisionKind());
        assertNull(LoadTest.Incoming.parse("{\"type\":\"ack\",\"ply\":3,\"version\":4}", 0).decisionKind());
        assertThrows(IllegalArgumentException.class, () -> LoadTest.Incoming.parse("{\"type\":\"update\","
                + "\"decision\":{\"seat\":0}}", 0));
        assertThrows(IllegalArgumentException.class, () -> LoadTest.Incoming.parse("{\"version\":1}"));
        assertThrows(IllegalArgumentException.class, () -> LoadTest.Incoming.parse("[1]"));
        assertFalse(LoadTest.Incoming.parse("{\"type\":\"pong\",\"nonce\":5}").type().isEmpty());
    }
}
