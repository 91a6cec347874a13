package dev.fortuna.engine.tile;

/**
 * The eight half-edges (RULES.md §1.1), clockwise from the north-west corner. Half-edge {@code h} lies on
 * edge {@code h / 2}; rotating a tile 90° clockwise maps {@code h} to {@code h + 2 (mod 8)}.
 */
public enum HalfEdge {
    Nw, Ne, En, Es, Se, Sw, Ws, Wn;

    private static final HalfEdge[] VALUES = values();

    public static HalfEdge of(int index) {
        return VALUES[index & 7];
    }

    public Edge edge() {
        return Edge.of(ordinal() >> 1);
    }

    /** The half-edge of the neighbouring square that touches this one (Nw↔Sw, Ne↔Se, En↔Wn, Es↔Ws). */
    public static int facing(int h) {
        int edge = h >> 1, k = h & 1;
        return (((edge + 2) & 3) << 1) + (1 - k);
    }
}
