package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.records.Replay;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LiveGameTest {

    /**
     * A running game of two people on a fixed pile, advanced {@code plies} plies; update i is "whole i" and, without
     * its feature values, {@code kept.apply(i)}.
     */
    private static LiveGame played(int plies, java.util.function.IntFunction<String> kept) {
        GameSetup setup = GameSetup.base(2);
        GameConfig base = setup.toConfig(0);
        List<String> pile = new ArrayList<>(Replay.tileSet(base));
        Collections.shuffle(pile, new Random(5));
        List<LiveGame.Seat> seats = List.of(new LiveGame.Seat(0, Lobby.SeatKind.PERSON, null, null, "a", null, true),
                new LiveGame.Seat(1, Lobby.SeatKind.PERSON, null, null, "b", null, true));
        LiveGame g = new LiveGame("g", setup, seats, new GameSession(base.withDraws(pile)), Lobby.Status.RUNNING, null,
                BotSpec.parse("random"), null);
        for (int v = 1; v <= plies; v++) {
            advance(g);
            g.publish(v, new UpdateWriter.Written("whole " + v, kept.apply(v)));
        }
        return g;
    }

    private static void advance(LiveGame g) {
        GameSession s = g.session;
        s.advance((GameSession.Accepted) s.attempt(s.decidingSeat(), Scripted.choose(s.decision(), s.ply()).toAction()));
    }

    @Test
    void theLast64SmallUpdatesAreKept() {
        LiveGame g = played(70, v -> "u" + v);
        // A catch-up: the missed updates without their feature values, but the newest whole.
        assertEquals(List.of("u69", "whole 70"), g.updatesAfter(68));
        assertEquals(List.of("whole 70"), g.updatesAfter(69));
        assertEquals(64, g.updatesAfter(6).size());
        assertEquals("u7", g.updatesAfter(6).get(0));
        assertNull(g.updatesAfter(5), "update 6 is no longer kept: a snapshot");
        assertEquals(List.of(), g.updatesAfter(70));
        advance(g); // applied without an update (as when stored actions are replayed): the kept ones are not enough
        assertNull(g.updatesAfter(69));
    }

    @Test
    void largeUpdatesAreKeptUpTo64KiCharacters() {
        // 4,000 characters each: 16 fit in 65,536, the 17th would not.
        LiveGame g = played(40, v -> String.valueOf((char) ('a' + v % 26)).repeat(4000));
        assertEquals(16, g.updatesAfter(24).size());
        assertNull(g.updatesAfter(23));
        // One update larger than the whole budget is still kept (the last one always is).
        LiveGame big = played(3, v -> "x".repeat(v == 3 ? 70_000 : 10));
        assertEquals(List.of("whole 3"), big.updatesAfter(2));
        assertNull(big.updatesAfter(1));
    }

    @Test
    void aFinishedGameKeepsNoUpdates() {
        LiveGame g = played(10, v -> "u" + v);
        g.released();
        assertNull(g.updatesAfter(9), "a client that missed the last update gets the snapshot");
        assertEquals(List.of(), g.updatesAfter(10), "an up-to-date client gets nothing");
    }
}
