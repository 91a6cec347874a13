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

    /** A running game of two people on a fixed pile, advanced {@code plies} plies, with update i given as text. */
    private static LiveGame played(int plies, java.util.function.IntFunction<String> update) {
        GameSetup setup = GameSetup.base(2);
        GameConfig base = setup.toConfig(0);
        List<String> pile = new ArrayList<>(Replay.tileSet(base));
        Collections.shuffle(pile, new Random(5));
        List<LiveGame.Seat> seats = List.of(new LiveGame.Seat(0, Lobby.SeatKind.PERSON, null, null, "a", null, true),
                new LiveGame.Seat(1, Lobby.SeatKind.PERSON, null, null, "b", null, true));
        LiveGame g = new LiveGame("g", setup, seats, new GameSession(base.withDraws(pile)), Lobby.Status.RUNNING, null,
                BotSpec.parse("random"), null);
        for (int v = 1; v <= plies; v++) {
            GameSession s = g.session;
            s.advance((GameSession.Accepted) s.attempt(s.decidingSeat(),
                    Scripted.choose(s.decision(), s.ply()).toAction()));
            g.publish(v, update.apply(v));
        }
        return g;
    }

    @Test
    void theLast64SmallUpdatesAreKept() {
        LiveGame g = played(70, v -> "u" + v);
        assertEquals(List.of("u69", "u70"), g.updatesAfter(68));
        assertEquals(64, g.updatesAfter(6).size());
        assertEquals("u7", g.updatesAfter(6).get(0));
        assertNull(g.updatesAfter(5), "update 6 is no longer kept: a snapshot");
        assertEquals(List.of(), g.updatesAfter(70));
    }

    @Test
    void largeUpdatesAreKeptUpTo64KiCharacters() {
        // 4,000 characters each: 16 fit in 65,536, the 17th would not.
        LiveGame g = played(40, v -> String.valueOf((char) ('a' + v % 26)).repeat(4000));
        assertEquals(16, g.updatesAfter(24).size());
        assertNull(g.updatesAfter(23));
        // One update larger than the whole budget is still kept (the last one always is).
        LiveGame big = played(3, v -> "x".repeat(v == 3 ? 70_000 : 10));
        assertEquals(1, big.updatesAfter(2).size());
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
