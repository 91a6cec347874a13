package dev.fortuna.bots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.tile.Rotation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The win-probability model: its shape, its fit, its table, and that it reads nothing hidden. */
class WinProbabilityTest {

    @Test
    void twoPlayersIsTheLogisticOfThePredictedMargin() {
        double[] p = WinProbability.softmax(new double[] {100, 90}, 0.1);
        assertEquals(1 / (1 + Math.exp(-1.0)), p[0], 1e-15);
        assertEquals(1 - p[0], p[1], 1e-15);
        // Shifting every prediction changes nothing; huge scores do not overflow.
        assertArrayEquals(p, WinProbability.softmax(new double[] {1e6 + 100, 1e6 + 90}, 0.1), 1e-12);
        double[] four = WinProbability.softmax(new double[] {10, 20, 20, 30}, 0.05);
        assertEquals(1.0, four[0] + four[1] + four[2] + four[3], 1e-15);
        assertEquals(four[1], four[2], 0);
    }

    @Test
    void kappaIsLinearBetweenKnotsAndFlatBeyond() {
        double[] k = new double[WinProbability.KNOTS];
        for (int j = 0; j < k.length; j++) {
            k[j] = j;
        }
        assertEquals(0.0, WinProbability.kappa(k, 0), 0);
        assertEquals(0.5, WinProbability.kappa(k, 4), 1e-15);
        assertEquals(1.25, WinProbability.kappa(k, 10), 1e-15);
        assertEquals(12.0, WinProbability.kappa(k, 96), 0);
        assertEquals(12.0, WinProbability.kappa(k, 140), 0);
        assertEquals(WinProbability.DEFAULT_KAPPA, WinProbability.kappa(null, 30), 0);
    }

    @Test
    void aFinishedGameIsItsResultAndARunningOneSumsToOne() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1).draws("E", "U").build());
        assertArrayEquals(new double[] {0.5, 0.5}, WinProbability.estimate(g), 1e-12, "nobody is ahead at the start");
        g.apply(new Action.PlaceTile(new Position(0, -1), Rotation.of(2)));
        g.apply(new Action.Deploy(0)); // seat 0's knight in the city E closes: 4 points
        double[] mid = WinProbability.estimate(g);
        assertEquals(1.0, mid[0] + mid[1], 1e-12);
        assertTrue(mid[0] > 0.5, "seat 0 is ahead: " + mid[0]);
        while (!g.isOver()) {
            g.applyLegal(0);
        }
        double[] end = WinProbability.estimate(g);
        double[] shares = new double[2];
        for (Seat s : g.leaders()) {
            shares[s.index()] = 1.0 / g.leaders().size();
        }
        assertArrayEquals(shares, end, 0);
    }

    @Test
    void theEstimateIgnoresThePileOrder() {
        GameState g = GameState.newGame(GameConfig.builder().players(3).seed(5).build());
        SplitMix64 rng = new SplitMix64(3);
        for (int i = 0; i < 40; i++) {
            g.applyLegal(rng.nextInt(g.legalCount()));
        }
        PlayerView v = g.viewFor(Seat.of(g.decidingSeat()));
        double[] truth = WinProbability.estimate(g);
        assertArrayEquals(truth, WinProbability.estimate(v.sortedPileState()), 0);
        assertArrayEquals(truth, WinProbability.estimate(v.determinize(99)), 0);
    }

    /** Samples whose outcomes follow the model with a known κ: the fit finds it again. */
    @Test
    void theFitRecoversAKnownTemperature() {
        SplitMix64 rng = new SplitMix64(11);
        List<WinProbability.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) {
            int left = rng.nextInt(97);
            double kappa = 0.02 + 0.3 * (96 - left) / 96.0 * (96 - left) / 96.0; // sharper near the end
            double[] e = {rng.nextDouble() * 40, rng.nextDouble() * 40, rng.nextDouble() * 40};
            double[] p = WinProbability.softmax(e, kappa);
            double u = rng.nextDouble();
            int w = u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2;
            double[] y = new double[3];
            y[w] = 1;
            samples.add(new WinProbability.Sample(left, e, y));
        }
        WinProbability.Fit fit = WinProbability.fit(samples);
        for (int j = 0; j < WinProbability.KNOTS; j++) {
            int left = j * WinProbability.KNOT_STEP;
            double truth = 0.02 + 0.3 * (96 - left) / 96.0 * (96 - left) / 96.0;
            assertEquals(truth, fit.kappas()[j], 0.03, "knot " + j);
        }
        assertTrue(fit.logLoss() < fit.uniformLogLoss(), fit.toString());
        assertEquals(Math.log(3), fit.uniformLogLoss(), 1e-15);
        // The calibration of the model on its own samples: every bucket near its mean prediction.
        WinProbability.Calibration cal = WinProbability.calibrate(List.of(samples), fit.kappas(), 10);
        assertEquals(3L * samples.size(), cal.predictions());
        for (WinProbability.Bucket b : cal.buckets()) {
            if (b.count() > 1000) {
                assertEquals(b.meanPredicted(), b.observed(), 0.03, b.toString());
            }
        }
    }

    @Test
    void calibrationTableCountsEverySeatOfEveryPosition() {
        List<WinProbability.Sample> game = List.of(
                new WinProbability.Sample(0, new double[] {10, 0}, new double[] {1, 0}),
                new WinProbability.Sample(0, new double[] {0, 0}, new double[] {0.5, 0.5}));
        double[] k = new double[WinProbability.KNOTS];
        java.util.Arrays.fill(k, Math.log(7.0 / 3) / 10); // p = 0.7 / 0.3 for the first position
        WinProbability.Calibration cal = WinProbability.calibrate(List.of(game), k, 4);
        assertEquals(4, cal.predictions());
        assertEquals(2, cal.positions());
        assertEquals(1, cal.games());
        assertEquals(new WinProbability.Bucket(0, 0.25, 0, 0, 0, 0), cal.buckets().get(0));
        assertEquals(1, cal.buckets().get(1).count()); // 0.3, lost
        assertEquals(0.0, cal.buckets().get(1).observed(), 0);
        assertEquals(3, cal.buckets().get(2).count()); // the two halves and 0.7, won
        assertEquals((0.5 + 0.5 + 1) / 3, cal.buckets().get(2).observed(), 1e-15);
        assertEquals(1.7 / 3, cal.buckets().get(2).meanPredicted(), 1e-12);
        assertEquals(0, cal.buckets().get(3).count());
        assertEquals((0.09 + 0.09) / 4, cal.brier(), 1e-12);
        // One game is one cluster: its deviations from the bucket's rate sum to zero, so no spread is seen.
        assertEquals(0.0, cal.buckets().get(2).halfWidth(), 1e-12);
    }

    @Test
    void theTableParsesAndNamesTheBadLine() {
        String knots = "0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.2";
        double[][] t = WinProbability.parse(List.of("# comment", "base 2 " + knots,
                "wheel-of-fortune,crop-circles 4 " + knots + " # trailing"));
        int filled = 0;
        for (double[] row : t) {
            filled += row == null ? 0 : 1;
        }
        assertEquals(2, filled);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WinProbability.parse(List.of("", "base 2 0.1,0.2")));
        assertEquals("win-probabilities.txt line 2: expected 13 knots, found 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> WinProbability.parse(List.of("base 6 " + knots)));
        assertEquals("win-probabilities.txt line 1: players must be 2 to 5, not '6'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> WinProbability.parse(List.of("base 2 " + knots, "base 2 " + knots)));
        assertEquals("win-probabilities.txt line 2: a second line for base with 2 players", e.getMessage());
    }

    @Test
    void theDocumentedModesHaveFittedLines() {
        // docs/bots.md reports the calibration of these three modes: they must have their own lines.
        assertNotNull(WinProbability.forConfig(GameConfig.builder().players(2).build()));
        assertNotNull(WinProbability.forConfig(GameConfig.builder().players(4).build()));
        assertNotNull(WinProbability.forConfig(GameConfig.builder().players(2)
                .expansion(dev.fortuna.engine.ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(dev.fortuna.engine.ExpansionId.CROP_CIRCLES).build()));
    }

    @Test
    void hintsJudgeTheSuggestionByTheFittedEvaluation() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(8).build());
        PlayerView v = g.viewFor(Seat.of(0));
        Hints.Suggestion s = Hints.suggest(new GreedyBot(), v, Budget.iterations(1), 5);
        assertEquals(new GreedyBot().chooseCode(v, Budget.iterations(1), 5), s.code());
        assertEquals(Evaluator.margin(s.expectedScores(), 0), s.expectedMargin(), 0);
        // The same seed, the same judgement; an action that is not legal is refused.
        Hints.Suggestion again = Hints.judge(v, s.code(), 5);
        assertArrayEquals(s.expectedScores(), again.expectedScores(), 0);
        assertThrows(IllegalArgumentException.class, () -> Hints.judge(v, -12345, 5));
    }

    /**
     * Two games with the same draws so far but the rest of the pile in another order: the analysis of their common
     * history is the same, so the order of the tiles still to come cannot reach it.
     */
    @Test
    void theAnalysisOfAHistoryDoesNotDependOnTheRestOfThePile() {
        GameConfig config = GameConfig.builder().players(2).seed(21).build();
        SplitMix64 rng = new SplitMix64(4);
        List<dev.fortuna.engine.Action> actions = new ArrayList<>();
        GameState play = GameState.newGame(config);
        for (int i = 0; i < 30; i++) {
            int code = play.legalCode(rng.nextInt(play.legalCount()));
            actions.add(dev.fortuna.engine.Action.decode(code));
            play.applyCode(code, null);
        }
        // The same draws, then the tiles still to come sorted, or in the reverse order.
        List<String> sorted = new ArrayList<>(play.drawnTiles()), reversed = new ArrayList<>(play.drawnTiles());
        List<String> rest = new ArrayList<>(play.remainingTiles());
        sorted.addAll(rest);
        java.util.Collections.reverse(rest);
        reversed.addAll(rest);
        assertTrue(!sorted.equals(reversed));
        GameState a = GameState.newGame(config.withDraws(sorted)), b = GameState.newGame(config.withDraws(reversed));
        List<Analysis.Turn> ra = Analysis.byTurn(a, actions), rb = Analysis.byTurn(b, actions);
        assertEquals(ra.size(), rb.size());
        for (int i = 0; i < ra.size(); i++) {
            assertEquals(ra.get(i).ply(), rb.get(i).ply());
            assertEquals(ra.get(i).tile(), rb.get(i).tile());
            assertArrayEquals(ra.get(i).win(), rb.get(i).win(), 0, "turn " + i);
        }
        assertEquals(0, ra.get(0).turn());
        assertEquals(-1, ra.get(0).seat());
        assertEquals(30, ra.get(ra.size() - 1).ply());
    }
}
