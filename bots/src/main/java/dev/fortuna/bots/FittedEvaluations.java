package dev.fortuna.bots;

import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The fitted evaluation's coefficients per game mode, as data: the resource {@code fitted-evaluations.txt} has
 * one line per mode, {@code EXPANSIONS PLAYERS c_0,...,c_29}, where {@code EXPANSIONS} is {@code base} or the
 * comma list of expansion keys in registry order, and the 30 coefficients are those of
 * {@link Evaluator#Evaluator(Evaluator.Weights, double[])}; {@code #} starts a comment. Each line is the output of
 * {@code fortuna fit-eval} for that mode (the file's header gives the commands). A mode is keyed by its
 * expansions and player count only: the Wheel of Fortune's tile modes and options share their expansion's
 * coefficients.
 */
public final class FittedEvaluations {
    static final String RESOURCE = "fitted-evaluations.txt";
    /** {@code ExpansionId.values()} once: {@code values()} copies its array, and searches ask on every leaf. */
    private static final ExpansionId[] EXPANSIONS = ExpansionId.values();
    private static final int MASKS = 1 << EXPANSIONS.length;
    /** Coefficients by {@link #index}; null where the file has no line. */
    private static final double[][] TABLE = load();

    private FittedEvaluations() {
    }

    /** The coefficients fitted for the mode of {@code config}, or null when there are none. */
    public static double[] forConfig(GameConfig config) {
        int mask = 0;
        for (ExpansionId e : EXPANSIONS) {
            if (config.has(e)) {
                mask |= 1 << e.ordinal();
            }
        }
        return TABLE[index(mask, config.players())];
    }

    private static int index(int mask, int players) {
        return (players - GameConfig.MIN_PLAYERS) * MASKS + mask;
    }

    private static double[][] load() {
        try (InputStream in = FittedEvaluations.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<String> lines = new ArrayList<>();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(line);
            }
            return parse(lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the table; a malformed line is an error naming its number. */
    static double[][] parse(List<String> lines) {
        double[][] table = new double[(GameConfig.MAX_PLAYERS - GameConfig.MIN_PLAYERS + 1) * MASKS][];
        for (int ln = 0; ln < lines.size(); ln++) {
            String line = lines.get(ln);
            int hash = line.indexOf('#');
            String text = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (text.isEmpty()) {
                continue;
            }
            String where = RESOURCE + " line " + (ln + 1) + ": ";
            String[] parts = text.split("\\s+");
            if (parts.length != 3) {
                throw new IllegalArgumentException(where + "expected EXPANSIONS PLAYERS COEFFICIENTS");
            }
            int mask = 0;
            if (!parts[0].equals("base")) {
                for (String key : parts[0].split(",")) {
                    ExpansionId e;
                    try {
                        e = ExpansionId.parse(key);
                    } catch (IllegalArgumentException ex) {
                        throw new IllegalArgumentException(where + ex.getMessage());
                    }
                    mask |= 1 << e.ordinal();
                }
            }
            int players;
            try {
                players = Integer.parseInt(parts[1]);
            } catch (NumberFormatException ex) {
                players = -1;
            }
            if (players < GameConfig.MIN_PLAYERS || players > GameConfig.MAX_PLAYERS) {
                throw new IllegalArgumentException(where + "players must be 2 to 5, not '" + parts[1] + "'");
            }
            String[] cs = parts[2].split(",");
            if (cs.length != 2 * Evaluator.FEATURES) {
                throw new IllegalArgumentException(where + "expected " + 2 * Evaluator.FEATURES
                        + " coefficients, found " + cs.length);
            }
            double[] c = new double[cs.length];
            for (int i = 0; i < cs.length; i++) {
                try {
                    c[i] = Double.parseDouble(cs[i]);
                } catch (NumberFormatException ex) {
                    c[i] = Double.NaN;
                }
                if (!Double.isFinite(c[i])) {
                    throw new IllegalArgumentException(where + "coefficient " + (i + 1) + " is not a number: '"
                            + cs[i] + "'");
                }
            }
            int idx = index(mask, players);
            if (table[idx] != null) {
                throw new IllegalArgumentException(where + "a second line for " + parts[0] + " with " + players
                        + " players");
            }
            table[idx] = c;
        }
        return table;
    }
}
