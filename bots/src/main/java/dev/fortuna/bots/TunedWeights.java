package dev.fortuna.bots;

import dev.fortuna.engine.GameConfig;
import java.util.List;

/**
 * The standard evaluation's weights tuned per game mode, as data: the resource {@code tuned-weights.txt} has one
 * line per mode, {@code EXPANSIONS PLAYERS H,V,K,F,C} (the {@link Evaluator.Weights} edge horizon, follower
 * value, follower horizon, field future and opening fit), in the {@link ModeTable} format. {@link Evaluator#TUNED},
 * the MCTS bot's evaluation, uses a mode's line where it has one, before the mode's fitted coefficients
 * ({@link FittedEvaluations}); the file's header gives the matches that chose each line (docs/bots.md).
 */
public final class TunedWeights {
    static final ModeTable FORMAT = new ModeTable("tuned-weights.txt", "weight", 5);
    /** Weights by mode ({@link ModeTable#index}); null where the file has no line. */
    private static final Evaluator.Weights[] TABLE = weights(FORMAT.load(), FORMAT.resource());

    private TunedWeights() {
    }

    /** The weights tuned for the mode of {@code config}, or null when there are none. */
    public static Evaluator.Weights forConfig(GameConfig config) {
        return TABLE[ModeTable.index(config)];
    }

    /** Parses a table (as the resource); a malformed line, or weights out of range, is an error. */
    static Evaluator.Weights[] parse(List<String> lines) {
        return weights(FORMAT.parse(lines), FORMAT.resource());
    }

    private static Evaluator.Weights[] weights(double[][] rows, String resource) {
        Evaluator.Weights[] out = new Evaluator.Weights[rows.length];
        for (int i = 0; i < rows.length; i++) {
            double[] r = rows[i];
            if (r != null) {
                try {
                    out[i] = new Evaluator.Weights(r[0], r[1], r[2], r[3], r[4]);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(resource + ": " + e.getMessage());
                }
            }
        }
        return out;
    }
}
