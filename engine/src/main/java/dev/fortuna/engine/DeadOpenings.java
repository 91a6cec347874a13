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
        int dead = 0, left = graph.rootOpen[root], s = root;
        do {
            int inst = graph.segInst[s], x = board.instX[inst], y = board.instY[inst], r = board.rotation(inst);
            TileType t = board.type(inst);
            for (int d = 0; d < 4; d++) {
                Edge e = Edge.of(d);
                if (t.edgeFeature(r, d) == graph.local(s) && board.instAt(x + e.dx(), y + e.dy()) < 0) {
                    if (unfillable(board, x + e.dx(), y + e.dy(), rules, types)) {
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
        int x = board.instX[inst], y = board.instY[inst], dead = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (board.instAt(x + dx, y + dy) < 0 && unfillable(board, x + dx, y + dy, rules, types)) {
                    dead++;
                }
            }
        }
        return dead;
    }
}
