package dev.fortuna.bots;

import static dev.fortuna.bots.FittedEvaluationTest.expansions;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import org.junit.jupiter.api.Test;

/**
 * The evaluation's values, bit for bit, on fixed positions: a speed change to the evaluation (or to the engine
 * queries it uses) must not change a single value, since with iteration budgets the bots' decisions follow from
 * them exactly. The expected numbers were recorded before the allocation-free rewrite of {@link Evaluator#features}
 * (2026-12-02) and must only change with a deliberate change of the evaluation.
 */
class EvaluatorExactValuesTest {
    static final Evaluator FIRST = new Evaluator(Evaluator.Weights.FIRST);

    /**
     * A position of a seeded random game: {@code plies} random decisions from the start; {@code mask} as in
     * {@link FittedEvaluationTest#expansions}.
     */
    static GameState position(int players, int mask, long seed, int plies) {
        GameState g = GameState.newGame(new GameConfig(players, seed, expansions(mask), null, null, null, null));
        SplitMix64 r = new SplitMix64(seed * 31 + 7);
        for (int k = 0; k < plies && !g.isOver(); k++) {
            g.applyLegal(r.nextInt(g.legalCount()));
        }
        return g;
    }

    /** Folds every bit of the values into one number (order matters). */
    static long fold(long h, double[] values) {
        for (double v : values) {
            h = h * 1_000_003L + Double.doubleToRawLongBits(v);
        }
        return h;
    }

    /**
     * Every position of 16 seeded random games (each expansion mix with 2 to 5 players): the components, and the
     * standard, first and fitted evaluations, folded into one number per mix.
     */
    @Test
    void everyPositionOfSeededGamesEvaluatesBitForBitAsRecorded() {
        long[] expected = {5579591251337492502L, 5816921334795922057L, 1857710955752640073L,
            -7429354041845766376L};
        long[] got = new long[4];
        int positions = 0;
        for (int mask = 0; mask < 4; mask++) {
            long h = 17;
            for (int players = 2; players <= 5; players++) {
                GameState g = position(players, mask, 100 + mask * 10 + players, 0);
                SplitMix64 r = new SplitMix64(mask * 10 + players);
                while (true) {
                    h = fold(h, Evaluator.STANDARD.features(g));
                    h = fold(h, Evaluator.STANDARD.scores(g));
                    h = fold(h, FIRST.scores(g));
                    h = fold(h, Evaluator.FITTED.scores(g));
                    positions++;
                    if (g.isOver()) {
                        break;
                    }
                    g.applyLegal(r.nextInt(g.legalCount()));
                }
            }
            got[mask] = h;
        }
        assertEquals(2404, positions);
        for (int mask = 0; mask < 4; mask++) {
            assertEquals(expected[mask], got[mask], "fold for " + expansions(mask));
        }
    }

    /** A few values written out, so that a difference shows its size too. */
    @Test
    void midGamePositionsHaveTheirRecordedValues() {
        double[] wc2 = Evaluator.FITTED.scores(position(2, 3, 2026, 60));
        double[] wc4 = Evaluator.STANDARD.scores(position(4, 3, 7, 90));
        double[] w3 = Evaluator.FITTED.scores(position(3, 1, 11, 70));
        double[] b2 = FIRST.scores(position(2, 0, 5, 50));
        assertArrayEquals(new double[] {133.80666849208347, 138.33171587910397}, wc2);
        assertArrayEquals(new double[] {42.048231583650384, 47.330600743715955, 63.17597044356143,
            63.17597044356143}, wc4);
        assertArrayEquals(new double[] {86.45920357225164, 83.4779746301519, 87.70135540871513}, w3);
        assertArrayEquals(new double[] {24.99863337803326, 14.398635086310719}, b2);
    }
}
