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
import java.util.Locale;

/**
 * The format of a table of numbers per game mode, a resource of this package: one line per mode,
 * {@code EXPANSIONS PLAYERS v_1,…,v_n}, where {@code EXPANSIONS} is {@code base} or the comma list of expansion
 * keys in registry order; {@code #} starts a comment. A mode is keyed by its expansions and player count only (the
 * Wheel of Fortune's tile modes and options share their expansion's line). The fitted evaluation's coefficients
 * ({@link FittedEvaluations}) and the win probability's knots ({@link WinProbability}) are such tables; one reader
 * and one writer ({@link #line}) keep the two files, and the lines the fits print for them, in the same format.
 *
 * @param resource the file's name, beside this class; messages name it
 * @param value what one number is called in messages ({@code coefficient}); the header's word is its plural in
 *     capitals ({@code EXPANSIONS PLAYERS COEFFICIENTS})
 * @param length how many numbers a line has
 */
public record ModeTable(String resource, String value, int length) {
    /** {@code ExpansionId.values()} once: {@code values()} copies its array, and searches ask on every leaf. */
    private static final ExpansionId[] EXPANSIONS = ExpansionId.values();
    private static final int MASKS = 1 << EXPANSIONS.length;

    /** The rows of the resource by {@link #row}'s index; null where the file has no line. */
    double[][] load() {
        try (InputStream in = ModeTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
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

    /** Parses the table; a malformed line is an error naming the resource and the line's number. */
    double[][] parse(List<String> lines) {
        double[][] table = new double[(GameConfig.MAX_PLAYERS - GameConfig.MIN_PLAYERS + 1) * MASKS][];
        for (int ln = 0; ln < lines.size(); ln++) {
            String line = lines.get(ln);
            int hash = line.indexOf('#');
            String text = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (text.isEmpty()) {
                continue;
            }
            String where = resource + " line " + (ln + 1) + ": ";
            String[] parts = text.split("\\s+");
            if (parts.length != 3) {
                throw new IllegalArgumentException(where + "expected EXPANSIONS PLAYERS "
                        + (value + "s").toUpperCase(Locale.ROOT));
            }
            int mask = 0;
            if (!parts[0].equals("base")) {
                for (String key : parts[0].split(",")) {
                    try {
                        mask |= 1 << ExpansionId.parse(key).ordinal();
                    } catch (IllegalArgumentException ex) {
                        throw new IllegalArgumentException(where + ex.getMessage());
                    }
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
            if (cs.length != length) {
                throw new IllegalArgumentException(where + "expected " + length + " " + value + "s, found "
                        + cs.length);
            }
            double[] c = new double[length];
            for (int i = 0; i < length; i++) {
                try {
                    c[i] = Double.parseDouble(cs[i]);
                } catch (NumberFormatException ex) {
                    c[i] = Double.NaN;
                }
                if (!Double.isFinite(c[i])) {
                    throw new IllegalArgumentException(where + value + " " + (i + 1) + " is not a number: '" + cs[i]
                            + "'");
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

    /** The row of {@code table} (as {@link #parse} returns it) for the mode of {@code config}, or null. */
    static double[] row(double[][] table, GameConfig config) {
        return table[index(config)];
    }

    /** The index of the mode of {@code config} in a table as {@link #parse} returns it. */
    static int index(GameConfig config) {
        int mask = 0;
        for (ExpansionId e : EXPANSIONS) {
            if (config.has(e)) {
                mask |= 1 << e.ordinal();
            }
        }
        return index(mask, config.players());
    }

    private static int index(int mask, int players) {
        return (players - GameConfig.MIN_PLAYERS) * MASKS + mask;
    }

    /**
     * The mode's line for a table: {@code EXPANSIONS PLAYERS v_1,…,v_n}, each value in {@code format} (e.g.
     * {@code %.4f}, in the root locale).
     */
    public static String line(GameConfig config, double[] values, String format) {
        StringBuilder sb = new StringBuilder();
        List<ExpansionId> ex = config.expansionList();
        if (ex.isEmpty()) {
            sb.append("base");
        }
        for (int i = 0; i < ex.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(ex.get(i).key);
        }
        sb.append(' ').append(config.players()).append(' ');
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, format, values[i]));
        }
        return sb.toString();
    }
}
