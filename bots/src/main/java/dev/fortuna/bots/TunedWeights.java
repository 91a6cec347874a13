package dev.fortuna.bots;

import dev.fortuna.engine.GameConfig;
import java.util.List;

/**
 * The evaluation's weights tuned per game mode, as data: the resource {@code tuned-weights.txt} has one line per
 * mode, {@code EXPANSIONS PLAYERS H,V,K,F,C,N,E} (the {@link Evaluator.Weights} edge horizon, follower value,
 * follower horizon, field future, opening fit and opening need, then the formula: 0 for the standard formula on
 * these weights, 1 for the mode's fitted coefficients ({@link FittedEvaluations}) with these weights inside their
 * components), in the {@link ModeTable} format. {@link Evaluator#TUNED}, the MCTS bot's evaluation, uses a mode's
 * line where it has one; the file's header gives the matches that chose each line (docs/bots.md).
 */
public final class TunedWeights {
    static final ModeTable FORMAT = new ModeTable("tuned-weights.txt", "weight", 7);
    /** Lines by mode ({@link ModeTable#index}); null where the file has none. */
    private static final Line[] TABLE = lines(FORMAT.load(), FORMAT.resource());

    /**
     * One mode's line.
     *
     * @param weights the weights
     * @param fitted  true: the mode's fitted coefficients, with these weights setting {@code q}, the openings'
     *                factors and the Plague estimate inside the components (in a mode without fitted coefficients,
     *                the standard formula on these weights); false: the standard formula on these weights
     */
    public record Line(Evaluator.Weights weights, boolean fitted) {
    }

    private TunedWeights() {
    }

    /** The line tuned for the mode of {@code config}, or null when there is none. */
    public static Line forConfig(GameConfig config) {
        return TABLE[ModeTable.index(config)];
    }

    /** Parses a table (as the resource); a malformed line, or weights out of range, is an error. */
    static Line[] parse(List<String> lines) {
        return lines(FORMAT.parse(lines), FORMAT.resource());
    }

    private static Line[] lines(double[][] rows, String resource) {
        Line[] out = new Line[rows.length];
        for (int i = 0; i < rows.length; i++) {
            double[] r = rows[i];
            if (r != null) {
                if (r[6] != 0 && r[6] != 1) {
                    throw new IllegalArgumentException(resource + ": the formula is 0 (standard) or 1 (fitted), not "
                            + r[6]);
                }
                try {
                    out[i] = new Line(new Evaluator.Weights(r[0], r[1], r[2], r[3], r[4], r[5]), r[6] == 1);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(resource + ": " + e.getMessage());
                }
            }
        }
        return out;
    }
}
