package dev.fortuna.bots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Seat;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The weights tuned per mode ({@link TunedWeights}) and the evaluation that uses them ({@link Evaluator#TUNED}). */
class TunedWeightsTest {
    static final Evaluator.Weights BASE_2 = new Evaluator.Weights(18, 4, 4, 0.5, 2);
    static final Evaluator.Weights BASE_4 = new Evaluator.Weights(12, 3, 6, 0.6, 2);
    static final Evaluator.Weights CROP_2 = new Evaluator.Weights(18, 5, 4, 0.6, 2);
    /** The standard weights with an opening need of 5, inside the fitted coefficients. */
    static final Evaluator.Weights WHEEL_2 = new Evaluator.Weights(12, 4, 6, 0.4, 0, 5);
    static final GameConfig WHEEL_2_GAME = new GameConfig(2, 6, Set.of(ExpansionId.WHEEL_OF_FORTUNE), null, null,
            null, null);

    /** A position after {@code plies} of a greedy self-play game of {@code config}. */
    static GameState position(GameConfig config, int plies) {
        GameState g = GameState.newGame(config);
        GreedyBot bot = new GreedyBot();
        for (int i = 0; i < plies && !g.isOver(); i++) {
            g.apply(bot.choose(g.viewFor(Seat.of(g.decidingSeat())), Budget.iterations(1), i));
        }
        return g;
    }

    @Test
    void theModesHaveTheirTunedLines() {
        assertEquals(new TunedWeights.Line(BASE_2, false),
                TunedWeights.forConfig(GameConfig.builder().players(2).seed(1).build()));
        assertEquals(new TunedWeights.Line(BASE_4, false),
                TunedWeights.forConfig(GameConfig.builder().players(4).seed(1).build()));
        assertEquals(new TunedWeights.Line(CROP_2, false), TunedWeights.forConfig(new GameConfig(2, 1,
                Set.of(ExpansionId.CROP_CIRCLES), null, null, null, null)));
        // The 2-player Wheel of Fortune keeps its fitted coefficients, with the openings' need inside them.
        assertEquals(new TunedWeights.Line(WHEEL_2, true), TunedWeights.forConfig(WHEEL_2_GAME));
        // The other modes have no line (yet).
        assertNull(TunedWeights.forConfig(GameConfig.builder().players(3).seed(1).build()));
        assertNull(TunedWeights.forConfig(new GameConfig(2, 1, Set.of(ExpansionId.WHEEL_OF_FORTUNE,
                ExpansionId.CROP_CIRCLES), null, null, null, null)));
    }

    @Test
    void tunedEvaluationIsTheStandardFormulaOnTheModesWeights() {
        GameState g = position(GameConfig.builder().players(2).seed(5).build(), 30);
        double[] tuned = Evaluator.TUNED.scores(g);
        assertArrayEquals(new Evaluator(BASE_2).scores(g), tuned);
        assertArrayEquals(new Evaluator(BASE_2).features(g), Evaluator.TUNED.features(g));
        // The weights change the value (else this test could not tell them apart).
        assertNotEquals(Evaluator.STANDARD.scores(g)[0], tuned[0]);
        // The fitted evaluation, which the win probability was calibrated on, keeps the standard weights here.
        assertArrayEquals(Evaluator.STANDARD.scores(g), Evaluator.FITTED.scores(g));
    }

    @Test
    void tunedWeightsComeBeforeTheModesFittedCoefficients() {
        GameState crop = position(new GameConfig(2, 4, Set.of(ExpansionId.CROP_CIRCLES), null, null, null, null),
                30);
        assertArrayEquals(new Evaluator(CROP_2).scores(crop), Evaluator.TUNED.scores(crop));
        assertArrayEquals(new Evaluator(CROP_2).features(crop), Evaluator.TUNED.features(crop));
        // Crop Circles with 2 players has fitted coefficients: the fitted evaluation (the win probability's)
        // keeps them, and differs.
        assertArrayEquals(Evaluator.of(Evaluator.Weights.STANDARD, true).scores(crop),
                Evaluator.FITTED.scores(crop));
        assertNotEquals(Evaluator.FITTED.scores(crop)[0], Evaluator.TUNED.scores(crop)[0]);
    }

    @Test
    void aFittedLineKeepsTheModesCoefficientsWithItsWeightsInside() {
        double[] linear = FittedEvaluations.forConfig(WHEEL_2_GAME);
        Evaluator expected = new Evaluator(WHEEL_2, linear);
        Evaluator calibrated = new Evaluator(Evaluator.Weights.STANDARD, linear);
        GameState g = GameState.newGame(WHEEL_2_GAME);
        GreedyBot bot = new GreedyBot();
        int differ = 0;
        for (int ply = 0; !g.isOver(); ply++) {
            assertArrayEquals(expected.scores(g), Evaluator.TUNED.scores(g), "ply " + ply);
            assertArrayEquals(expected.features(g), Evaluator.TUNED.features(g), "ply " + ply);
            // The fitted evaluation (the win probability's) keeps the standard weights inside its components.
            assertArrayEquals(calibrated.scores(g), Evaluator.FITTED.scores(g), "ply " + ply);
            if (!Arrays.equals(Evaluator.FITTED.scores(g), Evaluator.TUNED.scores(g))) {
                differ++;
            }
            g.apply(bot.choose(g.viewFor(Seat.of(g.decidingSeat())), Budget.iterations(1), ply));
        }
        // Openings that fewer than 5 tiles fit change the value (else this test could not tell them apart).
        assertTrue(differ > 10, differ + " positions differ");
    }

    @Test
    void withoutTunedWeightsTheTunedEvaluationIsTheFittedOne() {
        // A mode with fitted coefficients, and a mode with neither coefficients nor tuned weights; games of
        // different modes on one thread in turn (the per-thread cache follows the configuration).
        GameState wheel = position(new GameConfig(2, 3, Set.of(ExpansionId.WHEEL_OF_FORTUNE,
                ExpansionId.CROP_CIRCLES), null, null, null, null), 25);
        GameState three = position(GameConfig.builder().players(3).seed(3).build(), 25);
        GameState two = position(GameConfig.builder().players(2).seed(3).build(), 25);
        for (int round = 0; round < 2; round++) {
            assertArrayEquals(Evaluator.FITTED.scores(wheel), Evaluator.TUNED.scores(wheel));
            assertArrayEquals(Evaluator.STANDARD.scores(three), Evaluator.TUNED.scores(three));
            assertArrayEquals(new Evaluator(BASE_2).scores(two), Evaluator.TUNED.scores(two));
        }
    }

    @Test
    void specsChooseTheTunedEvaluation() {
        assertSame(Evaluator.TUNED, ((MctsBot) BotSpec.parse("mcts:hard").bot()).evaluator());
        assertSame(Evaluator.TUNED, ((MctsBot) BotSpec.parse("mcts").bot()).evaluator());
        assertSame(Evaluator.TUNED, new MctsBot().evaluator());
        assertSame(Evaluator.TUNED, ((GreedyBot) BotSpec.parse("greedy:eval=tuned").bot()).evaluator());
        assertFalse(((GreedyBot) BotSpec.parse("greedy").bot()).evaluator().tunedByMode());
        // Weights given by the spec are used as given: the mode's tuned weights do not replace them.
        Evaluator given = ((MctsBot) BotSpec.parse("mcts:hard/h=20").bot()).evaluator();
        assertFalse(given.tunedByMode());
        assertTrue(given.fittedByMode());
        assertEquals(20, given.weights().edgeHorizon());
        assertEquals(0, given.weights().openingFit(), "the standard weights, with h changed");
        assertEquals(new Evaluator.Weights(18, 4, 4, 0.5, 2),
                ((GreedyBot) BotSpec.parse("greedy:h=18/fh=4/ff=0.5/fit=2").bot()).evaluator().weights());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("greedy:fit=-1"));
        assertEquals(new Evaluator.Weights(12, 4, 6, 0.4, 0, 5),
                ((GreedyBot) BotSpec.parse("greedy:eval=fitted/need=5").bot()).evaluator().weights());
        assertTrue(((GreedyBot) BotSpec.parse("greedy:eval=fitted/need=5").bot()).evaluator().fittedByMode());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("greedy:need=-2"));
        assertFalse(((MctsBot) BotSpec.parse("mcts:hard/eval=fitted").bot()).evaluator().tunedByMode());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:hard/eval=best"));
    }

    @Test
    void malformedLinesAreRefused() {
        TunedWeights.Line[] table = TunedWeights.parse(List.of("# c", "base 2 18,4,4,0.5,2,0,0",
                "wheel-of-fortune 2 12,4,6,0.4,0,5,1"));
        assertEquals(new TunedWeights.Line(BASE_2, false),
                table[ModeTable.index(GameConfig.builder().players(2).seed(1).build())]);
        assertEquals(new TunedWeights.Line(WHEEL_2, true), table[ModeTable.index(WHEEL_2_GAME)]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TunedWeights.parse(List.of("base 2 18,4,4,0.5,2")));
        assertEquals("tuned-weights.txt line 1: expected 7 weights, found 5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TunedWeights.parse(List.of("base 4 0,4,4,0.5,0,0,0")));
        assertTrue(e.getMessage().startsWith("tuned-weights.txt: evaluation weights"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> TunedWeights.parse(List.of("base 4 12,4,4,0.5,-1,0,0")));
        assertTrue(e.getMessage().startsWith("tuned-weights.txt: evaluation weights"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> TunedWeights.parse(List.of("base 4 12,4,4,0.5,0,-3,0")));
        assertTrue(e.getMessage().startsWith("tuned-weights.txt: evaluation weights"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> TunedWeights.parse(List.of("base 4 12,4,4,0.5,0,0,2")));
        assertEquals("tuned-weights.txt: the formula is 0 (standard) or 1 (fitted), not 2.0", e.getMessage());
    }
}
