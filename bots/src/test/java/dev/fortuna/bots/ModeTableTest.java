package dev.fortuna.bots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-mode tables' shared format: a line the fits print reads back as its mode's row, and only its mode's. */
class ModeTableTest {
    static final GameConfig WHEEL_AND_CROPS_3 = GameConfig.builder().players(3)
            .expansion(ExpansionId.CROP_CIRCLES).expansion(ExpansionId.WHEEL_OF_FORTUNE).build();

    @Test
    void aFittedEvaluationLineReadsBackAsItsModesRow() {
        double[] c = new double[2 * Evaluator.FEATURES];
        c[0] = 1.23456;
        c[c.length - 1] = -0.5;
        String line = FittedEvaluations.tableLine(WHEEL_AND_CROPS_3, c);
        String zeros = String.join(",", java.util.Collections.nCopies(c.length - 2, "0.0000"));
        // Expansions in registry order whatever order the configuration named them in; four decimals.
        assertEquals("wheel-of-fortune,crop-circles 3 1.2346," + zeros + ",-0.5000", line);
        double[][] t = FittedEvaluations.parse(List.of(line));
        double[] expected = c.clone();
        expected[0] = 1.2346;
        assertArrayEquals(expected, ModeTable.row(t, WHEEL_AND_CROPS_3));
        assertNull(ModeTable.row(t, GameConfig.builder().players(3).expansion(ExpansionId.WHEEL_OF_FORTUNE).build()));
        assertNull(ModeTable.row(t, GameConfig.builder().players(2).expansion(ExpansionId.CROP_CIRCLES)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).build()));
        assertEquals(1, Arrays.stream(t).filter(java.util.Objects::nonNull).count());
    }

    @Test
    void aWinProbabilityLineReadsBackAsItsModesRow() {
        double[] k = new double[WinProbability.KNOTS];
        Arrays.fill(k, 0.1);
        k[0] = 0.333333;
        GameConfig base4 = GameConfig.builder().players(4).build();
        String line = WinProbability.tableLine(base4, k);
        // Five decimals.
        assertEquals("base 4 0.33333,0.10000,0.10000,0.10000,0.10000,0.10000,0.10000,0.10000,0.10000,0.10000,"
                + "0.10000,0.10000,0.10000", line);
        double[] expected = k.clone();
        expected[0] = 0.33333;
        assertArrayEquals(expected, ModeTable.row(WinProbability.parse(List.of(line)), base4));
    }

    @Test
    void eachTableNamesItsOwnFileAndNumbers() {
        assertEquals("fitted-evaluations.txt line 1: expected EXPANSIONS PLAYERS COEFFICIENTS",
                message(() -> FittedEvaluations.parse(List.of("base 2"))));
        assertEquals("win-probabilities.txt line 1: expected EXPANSIONS PLAYERS KNOTS",
                message(() -> WinProbability.parse(List.of("base 2"))));
        assertEquals("win-probabilities.txt line 1: knot 2 is not a number: 'Infinity'",
                message(() -> WinProbability.parse(List.of("base 2 0.1,Infinity,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,"
                        + "0.1,0.1"))));
        assertEquals("fitted-evaluations.txt line 1: expected 30 coefficients, found 1",
                message(() -> FittedEvaluations.parse(List.of("base 2 7"))));
    }

    private static String message(org.junit.jupiter.api.function.Executable e) {
        return org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, e).getMessage();
    }
}
