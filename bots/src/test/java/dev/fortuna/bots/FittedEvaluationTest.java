package dev.fortuna.bots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.tile.Rotation;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The evaluation's components, the linear (fitted) evaluation, its table per mode and the self-play fit. */
class FittedEvaluationTest {
    static final int F = Evaluator.FEATURES;

    /** Base game, 2 players: seat 0 has put F north of the start tile with a knight; 3 tiles left. */
    static GameState knightInAnOpenCity() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1).draws("F", "U", "U", "U", "E").build());
        g.apply(new Action.PlaceTile(new Position(0, -1), Rotation.of(1)));
        g.apply(new Action.Deploy(0));
        assertEquals(3, g.pileSize());
        return g;
    }

    /** Bit 0: the Wheel of Fortune, bit 1: Crop Circles. */
    static Set<ExpansionId> expansions(int mask) {
        Set<ExpansionId> ex = EnumSet.noneOf(ExpansionId.class);
        if ((mask & 1) != 0) {
            ex.add(ExpansionId.WHEEL_OF_FORTUNE);
        }
        if ((mask & 2) != 0) {
            ex.add(ExpansionId.CROP_CIRCLES);
        }
        return ex;
    }

    @Test
    void componentsOfAKnightInAnOpenCity() {
        double[] f = Evaluator.STANDARD.features(knightInAnOpenCity());
        assertEquals(2 * F, f.length);
        // q = 3/15, the city (2 squares, 1 pennant, 1 open edge) completes with p = 1/5.
        double[] seat0 = new double[F], seat1 = new double[F];
        seat0[Evaluator.BIAS] = 1;
        seat0[Evaluator.CITY] = 3;
        seat0[Evaluator.CITY_COMPLETION] = 3 * 0.2;
        seat0[Evaluator.SUPPLY] = 6;
        seat0[Evaluator.COMING_HOME] = 0.2;
        seat0[Evaluator.STUCK] = 1;
        seat1[Evaluator.BIAS] = 1;
        seat1[Evaluator.SUPPLY] = 7;
        assertArrayEquals(seat0, java.util.Arrays.copyOfRange(f, 0, F), 1e-12);
        assertArrayEquals(seat1, java.util.Arrays.copyOfRange(f, F, 2 * F), 1e-12);
        assertEquals(F, Evaluator.FEATURE_NAMES.size());
    }

    @Test
    void standardEvaluationIsItsWeightedSumOfComponents() {
        // On random positions of every expansion mix: points + components with the standard weights.
        int checked = 0;
        for (int game = 0; game < 8; game++) {
            GameState g = GameState.newGame(new GameConfig(2 + game % 4, game, expansions(game), null, null, null,
                    null));
            SplitMix64 r = new SplitMix64(game);
            while (!g.isOver()) {
                double[] e = Evaluator.STANDARD.scores(g), f = Evaluator.STANDARD.features(g);
                int left = g.pileSize();
                double w = 4.0 * left / (left + 6);
                for (int s = 0; s < g.players(); s++) {
                    int o = s * F;
                    double expect = g.score(s) + f[o + 1] + f[o + 2] + f[o + 3] + f[o + 4] + f[o + 5] + f[o + 6]
                            + 0.4 * f[o + 7] + w * (f[o + 8] + f[o + 9] + f[o + 13]) + f[o + 12] + f[o + 14];
                    assertEquals(expect, e[s], 1e-9);
                    checked++;
                }
                g.applyLegal(r.nextInt(g.legalCount()));
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }

    @Test
    void linearEvaluationIsPointsPlusCoefficientsTimesComponents() {
        double[] c = new double[2 * F];
        c[Evaluator.CITY] = 2; // 2 per city square or pennant held
        c[F + Evaluator.SUPPLY] = 72; // a supply follower is worth T (72 × T/72)
        double[] e = new Evaluator(Evaluator.Weights.STANDARD, c).scores(knightInAnOpenCity());
        assertArrayEquals(new double[] {2 * 3 + 6 * 3, 7 * 3}, e, 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new Evaluator(Evaluator.Weights.STANDARD, new double[3]));
        assertThrows(IllegalArgumentException.class, () -> new Evaluator(Evaluator.Weights.STANDARD, null));
    }

    @Test
    void fittedEvaluationUsesItsModesCoefficients() {
        for (int mask = 0; mask < 4; mask++) {
            Set<ExpansionId> ex = expansions(mask);
            for (int p = 2; p <= 5; p++) {
                GameConfig config = new GameConfig(p, 3, ex, null, null, null, null);
                double[] c = FittedEvaluations.forConfig(config);
                GameState g = GameState.newGame(config);
                g.applyLegal(0);
                // The table keeps the modes where the fitted greedy bot beat the standard one: every mode with the
                // Wheel of Fortune, and Crop Circles alone with 2 or 3 players.
                boolean kept = (mask & 1) != 0 || p <= 3 && mask == 2;
                if (kept) {
                    assertNotNull(c, ex + " with " + p + " players has fitted coefficients");
                    assertArrayEquals(new Evaluator(Evaluator.Weights.STANDARD, c).scores(g),
                            Evaluator.FITTED.scores(g));
                } else {
                    assertNull(c, ex + " with " + p + " players falls back to the standard evaluation");
                    assertArrayEquals(Evaluator.STANDARD.scores(g), Evaluator.FITTED.scores(g));
                }
            }
        }
        assertTrue(Evaluator.FITTED.fittedByMode());
        assertFalse(Evaluator.STANDARD.fittedByMode());
    }

    @Test
    void tableLinesParseAndMalformedLinesAreRefusedByNumber() {
        String coeffs = String.join(",", java.util.Collections.nCopies(2 * F, "0.5"));
        double[][] t = FittedEvaluations.parse(List.of("# comment", "", "wheel-of-fortune,crop-circles 3 " + coeffs
                + "  # trailing comment", "base 2 " + coeffs));
        assertEquals(2, java.util.Arrays.stream(t).filter(java.util.Objects::nonNull).count());
        assertEquals(0.5, t[1 * 4 + 3][29]);
        assertEquals(0.5, t[0][0]);
        assertNull(t[1]);
        String[][] bad = {
            {"base 2", "line 1: expected EXPANSIONS PLAYERS COEFFICIENTS"},
            {"castles 2 " + coeffs, "line 1: unknown expansion 'castles'"},
            {"base six " + coeffs, "line 1: players must be 2 to 5, not 'six'"},
            {"base 6 " + coeffs, "players must be 2 to 5, not '6'"},
            {"base 2 1,2,3", "line 1: expected 30 coefficients, found 3"},
            {"base 2 " + coeffs.replaceFirst("0.5", "x"), "line 1: coefficient 1 is not a number: 'x'"},
            {"base 2 " + coeffs.replaceFirst("0.5", "NaN"), "coefficient 1 is not a number: 'NaN'"},
        };
        for (String[] b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FittedEvaluations.parse(List.of(b[0])));
            assertTrue(e.getMessage().contains(b[1]), e.getMessage());
        }
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class,
                () -> FittedEvaluations.parse(List.of("base 2 " + coeffs, "# x", "base 2 " + coeffs)));
        assertTrue(dup.getMessage().contains("line 3: a second line for base with 2 players"), dup.getMessage());
    }

    @Test
    void leastSquaresRecoversExactCoefficients() {
        double[] beta = new double[EvaluationFit.D];
        SplitMix64 r = new SplitMix64(11);
        for (int i = 0; i < beta.length; i++) {
            beta[i] = r.nextDouble() * 10 - 5;
        }
        EvaluationFit.Sums s = new EvaluationFit.Sums();
        for (int k = 0; k < 500; k++) {
            double[] x = new double[EvaluationFit.D];
            double y = 0;
            for (int i = 0; i < x.length; i++) {
                x[i] = r.nextDouble() * 4 - 1;
                y += beta[i] * x[i];
            }
            s.add(x, y, 0);
        }
        EvaluationFit.Result res = EvaluationFit.solve(s, 1);
        assertArrayEquals(beta, res.coefficients(), 1e-4);
        assertEquals(1.0, res.r2(), 1e-9);
        assertEquals(500, res.samples());
    }

    @Test
    void selfPlayFitIsReproducibleAndDoesNotDependOnParallelism() {
        GameConfig config = GameConfig.base(2, 1);
        EvaluationFit.Result a = EvaluationFit.fit(config, Evaluator.STANDARD, 3, 7, 0.1, 1);
        EvaluationFit.Result b = EvaluationFit.fit(config, Evaluator.STANDARD, 3, 7, 0.1, 2);
        assertArrayEquals(a.coefficients(), b.coefficients());
        assertEquals(a.samples(), b.samples());
        // One sample per seat at each tile placement decision: at most 71 draws (the start tile is placed).
        assertEquals(0, a.samples() % 2);
        assertTrue(a.samples() > 3 * 2 * 60 && a.samples() <= 3 * 2 * 71, "samples " + a.samples());
        assertTrue(a.r2() > 0 && a.r2() <= 1, "R² " + a.r2());
        EvaluationFit.Result other = EvaluationFit.fit(config, Evaluator.STANDARD, 3, 8, 0.1, 1);
        assertFalse(java.util.Arrays.equals(a.coefficients(), other.coefficients()), "another seed, other games");
        assertThrows(IllegalArgumentException.class, () -> EvaluationFit.fit(config, Evaluator.STANDARD, 0, 7, 0.1, 1));
        assertThrows(IllegalArgumentException.class, () -> EvaluationFit.fit(config, Evaluator.STANDARD, 1, 7, 1.5, 1));
    }

    @Test
    void specsChooseTheEvaluation() {
        assertFalse(((GreedyBot) BotSpec.parse("greedy").bot()).evaluator().fittedByMode());
        assertTrue(((GreedyBot) BotSpec.parse("greedy:eval=fitted").bot()).evaluator().fittedByMode());
        assertTrue(((MctsBot) BotSpec.parse("mcts").bot()).evaluator().fittedByMode());
        assertTrue(((MctsBot) BotSpec.parse("mcts:hard").bot()).evaluator().fittedByMode());
        assertFalse(((MctsBot) BotSpec.parse("mcts:iters=5/eval=standard").bot()).evaluator().fittedByMode());
        assertFalse(((MctsBot) BotSpec.parse("mcts:iters=5/eval=first").bot()).evaluator().fittedByMode());
        assertEquals(Evaluator.Weights.FIRST,
                ((MctsBot) BotSpec.parse("mcts:iters=5/eval=first").bot()).evaluator().weights());
        assertTrue(new MctsBot().evaluator().fittedByMode());
    }
}
