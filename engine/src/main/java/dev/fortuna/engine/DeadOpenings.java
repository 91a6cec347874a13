package dev.fortuna.engine;

import dev.fortuna.engine.tile.Edge;
import dev.fortuna.engine.tile.TileType;

/**
 * Openings of a feature that face an empty square no tile still to come fits ({@link GameState#deadOpenings}).
 * {@code types} is a set of tile types (bit t of word t / 64) as {@code Rules.fittingTypes} indexes them.
 */
final class DeadOpenings {
    private DeadOpenings() {
    }

    /** True when the empty square at (x, y) fits no type in {@code types}. */
    private static boolean unfillable(Board board, int x, int y, Rules rules, long[] types) {
        int c = board.constraintAt(x, y); // an empty square with no neighbour constrains nothing
        long[] fitting = rules.fittingTypes;
        for (int w = 0, base = c * types.length; w < types.length; w++) {
            if ((fitting[base + w] & types[w]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The open edges of a road or city (by its root) whose empty neighbour square is unfillable. */
    static int edges(Board board, FeatureGraph graph, int root, Rules rules, long[] types) {
        return edgeWalk(board, graph, root, rules, types, null, null);
    }

    /**
     * Walks the open edges of a road or city (by its root): without {@code out}, counts those whose empty
     * neighbour square is unfillable; with it, adds each one's fitting tiles ({@code counts} per type) instead.
     */
    private static int edgeWalk(Board board, FeatureGraph graph, int root, Rules rules, long[] types, int[] counts,
            IntList out) {
        int dead = 0, left = graph.rootOpen[root], s = root;
        do {
            int inst = graph.segInst[s], x = board.instX[inst], y = board.instY[inst], r = board.rotation(inst);
            TileType t = board.type(inst);
            for (int d = 0; d < 4; d++) {
                Edge e = Edge.of(d);
                if (t.edgeFeature(r, d) == graph.local(s) && board.instAt(x + e.dx(), y + e.dy()) < 0) {
                    if (out != null) {
                        out.add(fits(board, x + e.dx(), y + e.dy(), rules, types, counts));
                    } else if (unfillable(board, x + e.dx(), y + e.dy(), rules, types)) {
                        dead++;
                    }
                    if (--left == 0) { // every open edge seen: the rest of the feature is closed
                        return dead;
                    }
                }
            }
            s = graph.next[s];
        } while (s != root);
        return dead;
    }

    /** The unfillable empty squares of the 3×3 block centred on a cloister's instance. */
    static int around(Board board, int inst, Rules rules, long[] types) {
        return aroundWalk(board, inst, rules, types, null, null);
    }

    /**
     * Walks the empty squares of the 3×3 block centred on a cloister's instance: without {@code out}, counts the
     * unfillable ones; with it, adds each one's fitting tiles ({@code counts} per type) instead.
     */
    private static int aroundWalk(Board board, int inst, Rules rules, long[] types, int[] counts, IntList out) {
        int x = board.instX[inst], y = board.instY[inst], dead = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (board.instAt(x + dx, y + dy) >= 0) {
                    continue;
                }
                if (out != null) {
                    out.add(fits(board, x + dx, y + dy, rules, types, counts));
                } else if (unfillable(board, x + dx, y + dy, rules, types)) {
                    dead++;
                }
            }
        }
        return dead;
    }

    /** How many of the tiles still to come ({@code counts} per type, among {@code types}) fit the square (x, y). */
    private static int fits(Board board, int x, int y, Rules rules, long[] types, int[] counts) {
        int c = board.constraintAt(x, y);
        long[] fitting = rules.fittingTypes;
        int n = 0;
        for (int w = 0, base = c * types.length; w < types.length; w++) {
            long m = fitting[base + w] & types[w];
            while (m != 0) {
                n += counts[(w << 6) + Long.numberOfTrailingZeros(m)];
                m &= m - 1;
            }
        }
        return n;
    }

    /** As {@link #edges}, adding to {@code out} the fitting tiles of each open edge's square instead. */
    static void edgeFits(Board board, FeatureGraph graph, int root, Rules rules, long[] types, int[] counts,
            IntList out) {
        edgeWalk(board, graph, root, rules, types, counts, out);
    }

    /** As {@link #around}, adding to {@code out} the fitting tiles of each empty square instead. */
    static void aroundFits(Board board, int inst, Rules rules, long[] types, int[] counts, IntList out) {
        aroundWalk(board, inst, rules, types, counts, out);
    }
}
