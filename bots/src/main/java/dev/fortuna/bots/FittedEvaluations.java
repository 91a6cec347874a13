package dev.fortuna.bots;

import dev.fortuna.engine.GameConfig;
import java.util.List;

/**
 * The fitted evaluation's coefficients per game mode, as data: the resource {@code fitted-evaluations.txt} has
 * one line per mode, {@code EXPANSIONS PLAYERS c_0,...,c_29}, where {@code EXPANSIONS} is {@code base} or the
 * comma list of expansion keys in registry order, and the 30 coefficients are those of
 * {@link Evaluator#Evaluator(Evaluator.Weights, double[])}; {@code #} starts a comment ({@link ModeTable} reads
 * it). Each line is the output of {@code fortuna fit-eval} for that mode (the file's header gives the commands). A
 * mode is keyed by its expansions and player count only: the Wheel of Fortune's tile modes and options share their
 * expansion's coefficients.
 */
public final class FittedEvaluations {
    static final ModeTable FORMAT = new ModeTable("fitted-evaluations.txt", "coefficient", 2 * Evaluator.FEATURES);
    /** Coefficients by mode; null where the file has no line. */
    private static final double[][] TABLE = FORMAT.load();

    private FittedEvaluations() {
    }

    /** The coefficients fitted for the mode of {@code config}, or null when there are none. */
    public static double[] forConfig(GameConfig config) {
        return ModeTable.row(TABLE, config);
    }

    /** The mode's line for the table, as {@code fortuna fit-eval} prints it. */
    public static String tableLine(GameConfig config, double[] coefficients) {
        return ModeTable.line(config, coefficients, "%.4f");
    }

    /** Parses the table; a malformed line is an error naming its number. */
    static double[][] parse(List<String> lines) {
        return FORMAT.parse(lines);
    }
}
