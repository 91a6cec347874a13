package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Same configuration and seed, same choices: the same game, event for event. Checked for every mode and 2 to 5
 * players, by the fast path with an event sink and by {@code apply(Action)}, and by replaying the recorded draw
 * list as a forced pile ({@code GameConfig.draws}).
 */
class DeterminismTest {

    /** One game's observable record. */
    record Run(List<String> draws, List<Integer> scores, List<Event> events, Fingerprint end) {
    }

    /** Plays {@code config} choosing with {@code SplitMix64(choiceSeed)}; events via applyCode or apply(Action). */
    static Run play(GameConfig config, long choiceSeed, boolean viaActions) {
        List<Event> events = new ArrayList<>();
        GameState s = GameState.newGame(config, events);
        SplitMix64 rng = new SplitMix64(choiceSeed);
        while (!s.isOver()) {
            int i = rng.nextInt(s.legalCount());
            if (viaActions) {
                ApplyResult r = s.apply(s.legalActions().get(i));
                assertTrue(r.ok(), () -> r.toString());
                events.addAll(((ApplyResult.Applied) r).events());
            } else {
                s.applyCode(s.legalCode(i), events);
            }
        }
        List<Integer> scores = new ArrayList<>();
        for (int v : s.scores()) {
            scores.add(v);
        }
        return new Run(s.drawnTiles(), scores, events, Fingerprint.of(s));
    }

    @Test
    void sameSeedAndChoicesGiveTheSameGameInEveryMode() {
        List<Mode> modes = Mode.all();
        int games = 0;
        for (int m = 0; m < modes.size(); m++) {
            for (int players = 2; players <= 5; players++) {
                long seed = 7919L * m + players;
                GameConfig config = modes.get(m).config(players, seed);
                Run a = play(config, seed * 31, false);
                Run b = play(config, seed * 31, false);
                String what = modes.get(m).name() + ", " + players + " players, seed " + seed;
                assertEquals(a, b, what);
                assertEquals(a, play(config, seed * 31, true), what + ": apply(Action) gives other events");
                // Forcing the recorded draws replays the game (the seed is then unused).
                Run forced = play(config.withDraws(a.draws()).withSeed(seed + 1), seed * 31, false);
                assertEquals(a.draws(), forced.draws(), what);
                assertEquals(a.scores(), forced.scores(), what);
                assertEquals(a.events(), forced.events(), what);
                // Another seed deals another pile.
                assertNotEquals(a.draws(), play(config.withSeed(seed + 1), seed * 31, false).draws(), what);
                assertEquals(a.draws().size(), a.events().stream().filter(e -> e instanceof Event.TileDrawn).count());
                games++;
            }
        }
        assertEquals(80, games);
    }

    @Test
    void theSeedAloneFixesThePile() {
        // Two base games with seed 42 deal the same 71 tiles in the same order, whatever the players do.
        GameConfig c = GameConfig.base(3, 42);
        Run a = play(c, 1, false);
        Run b = play(c, 2, false);
        assertEquals(71, a.draws().size());
        assertEquals(a.draws(), b.draws());
        assertNotEquals(a.events(), b.events());
    }

    @Test
    void legalActionsMatchTheDecodedCodes() {
        GameState s = GameState.newGame(GameConfig.base(2, 5));
        int[] codes = s.legalCodes();
        List<Action> actions = s.legalActions();
        for (int i = 0; i < codes.length; i++) {
            assertEquals(Action.decode(codes[i]), actions.get(i));
        }
    }
}
