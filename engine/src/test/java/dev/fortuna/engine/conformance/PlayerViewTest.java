package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A player view shows everything but the pile order: determinizations with different seeds agree on the public
 * state, the view's configuration carries neither the seed nor a forced draw list, the draws so far are the
 * original's, and the view's own pile is sorted (the next tile its sorted state draws is the first of the sorted
 * remaining tiles), so the true order cannot leak.
 */
class PlayerViewTest {

    @Test
    void viewsHideOnlyThePileOrderInEveryMode() {
        int checked = 0, orderDiffers = 0;
        List<Mode> modes = Mode.all();
        for (int m = 0; m < modes.size(); m++) {
            for (int players = 2; players <= 5; players++) {
                long seed = 104729L * m + players;
                GameConfig config = modes.get(m).config(players, seed);
                if (players == 5) {
                    // A forced draw list must not show through a view either.
                    config = config.withDraws(GameState.newGame(config.withDraws(null)).remainingTiles());
                }
                GameState s = GameState.newGame(config);
                SplitMix64 rng = new SplitMix64(seed);
                int step = 0;
                while (!s.isOver()) {
                    if (step % 23 == 5) {
                        checkView(s, s.viewFor(Seat.of(step % players)), seed + step);
                        if (!nextDrawnTile(s.copy(), rng.nextLong()).equals(s.remainingTiles().isEmpty() ? ""
                                : s.remainingTiles().get(0))) {
                            orderDiffers++;
                        }
                        checked++;
                    }
                    s.applyLegal(rng.nextInt(s.legalCount()));
                    step++;
                }
                checkView(s, s.viewFor(Seat.of(0)), seed);
            }
        }
        assertTrue(checked > 500, "views checked: " + checked);
        // The true pile is not sorted: its next tile differs from the sorted one most of the time.
        assertTrue(orderDiffers > checked / 2, orderDiffers + " of " + checked);
    }

    private static void checkView(GameState s, PlayerView v, long seed) {
        assertEquals(0L, v.config().seed());
        assertNull(v.config().draws());
        assertEquals(s.config().expansions(), v.config().expansions());
        assertEquals(s.config().players(), v.config().players());
        assertEquals(s.drawnTiles(), v.sortedPileState().drawnTiles());
        assertEquals(s.remainingTiles(), v.remainingTiles());
        assertEquals(s.pileSize(), v.pileSize());
        assertEquals(s.board(), v.board());
        assertEquals(s.followers(), v.followers());
        Fingerprint fp = Fingerprint.of(s);
        GameState a = v.determinize(seed), b = v.determinize(seed + 1);
        assertEquals(fp, Fingerprint.of(a));
        assertEquals(fp, Fingerprint.of(b));
        assertEquals(0L, a.config().seed());
        assertNull(a.config().draws());
        // The same seed gives the same order: the same moves then give the same game.
        assertEquals(nextDraws(v.determinize(seed), seed), nextDraws(a, seed));
        if (!s.isOver()) {
            String first = s.remainingTiles().isEmpty() ? "" : s.remainingTiles().get(0);
            assertEquals(first, nextDrawnTile(v.sortedPileState(), seed), "a view's pile is sorted");
        }
    }

    /** Plays random moves until a tile is drawn; its id ("" when the game ends first). */
    private static String nextDrawnTile(GameState s, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        List<Event> events = new ArrayList<>();
        while (!s.isOver()) {
            s.applyCode(s.legalCode(rng.nextInt(s.legalCount())), events);
            for (Event e : events) {
                if (e instanceof Event.TileDrawn d) {
                    return d.tile();
                }
            }
        }
        return "";
    }

    private static List<String> nextDraws(GameState s, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        while (!s.isOver()) {
            s.applyLegal(rng.nextInt(s.legalCount()));
        }
        return s.drawnTiles();
    }

    @Test
    void twoDeterminizationsUsuallyDealDifferentOrders() {
        GameState s = GameState.newGame(GameConfig.base(2, 3));
        PlayerView v = s.viewFor(Seat.of(1));
        assertNotEquals(nextDraws(v.determinize(1), 9), nextDraws(v.determinize(2), 9));
    }
}
