package dev.fortuna.engine.text;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;

/**
 * One tile as text, for prompts that show the drawn tile: the {@link TileArt} block in a frame, north up,
 * turned clockwise by the rotation. The characters are those of {@link BoardText#LEGEND}.
 */
public final class TileText {
    private TileText() {
    }

    /** The tile in a frame: {@value TileArt#HEIGHT} rows of {@value TileArt#WIDTH} characters inside. */
    public static String render(TileType type, Rotation rotation) {
        return frame(TileArt.of(type, rotation).draw(type, new int[0], new char[0]));
    }

    /**
     * The tile in a frame with each feature's index (as used by {@code Action.Deploy}) drawn on that
     * feature, followed by one line per feature, e.g. {@code 0 C1 city (1 pennant)}. Indices above 9 are
     * drawn as letters from 'A' (no tile type has that many features).
     */
    public static String renderWithFeatureIndices(TileType type, Rotation rotation) {
        int n = type.features().size();
        int[] features = new int[n];
        char[] marks = new char[n];
        for (int f = 0; f < n; f++) {
            features[f] = f;
            marks[f] = indexChar(f);
        }
        StringBuilder sb = new StringBuilder(frame(TileArt.of(type, rotation).draw(type, features, marks)));
        for (int f = 0; f < n; f++) {
            TileFeature tf = type.feature(f);
            sb.append(indexChar(f)).append(' ').append(tf.name()).append(' ').append(tf.kind().label);
            if (tf.pennants() > 0) {
                sb.append(" (").append(tf.pennants()).append(tf.pennants() == 1 ? " pennant)" : " pennants)");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static char indexChar(int f) {
        return f < 10 ? (char) ('0' + f) : (char) ('A' + f - 10);
    }

    private static String frame(char[][] rows) {
        StringBuilder sb = new StringBuilder();
        String border = "+" + "-".repeat(TileArt.WIDTH) + "+\n";
        sb.append(border);
        for (char[] row : rows) {
            sb.append('|').append(row).append("|\n");
        }
        sb.append(border);
        return sb.toString();
    }
}
