package dev.fortuna.engine.tile;

/** What a tile shows along one edge. {@link #NONE} is the wheel board's inner side: nothing matches it. */
public enum EdgeType {
    CITY('C'), ROAD('R'), FIELD('F'), NONE('-');

    public final char code;

    EdgeType(char code) {
        this.code = code;
    }

    public static EdgeType ofCode(char c) {
        for (EdgeType t : values()) {
            if (t.code == c) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown edge type '" + c + "' (expected C, R, F or -)");
    }
}
