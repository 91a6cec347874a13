package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileType;

/**
 * Scoring of roads, cities and cloisters (RULES.md §2.6–2.7, §2.9): when a placement completes them, and at the end
 * of the game; the end of the game then hands the fields to {@link FieldScoring}.
 */
final class FeatureScoring {
    private FeatureScoring() {
    }

    /** Scores every road, city and cloister the placement of {@code inst} completed. */
    static void scoreCompletedBy(GameState g, int inst) {
        FeatureGraph graph = g.graph;
        Board board = g.board;
        int base = graph.segment(inst, 0), end = base + graph.featureCount(inst);
        for (int s = base; s < end; s++) {
            int kind = graph.kind(s);
            if (kind == FeatureKind.ROAD.ordinal() || kind == FeatureKind.CITY.ordinal()) {
                int root = graph.find(s);
                if (graph.rootOpen[root] == 0 && graph.rootFollowers[root] > 0) {
                    scoreFeature(g, root, false);
                }
            }
        }
        // The placement may complete a cloister on any square of the 3×3 block around it, and only one holding a
        // follower scores: so the candidates are the followers standing on cloisters (mostly none or a few, where the
        // block has nine squares to look at), marked by square, bit (dy + 1) * 3 + dx + 1, and scored in the order of
        // the block, north to south, west to east. (A follower never stands on a wheel-board square: deployment is
        // on the tile just placed, and a crop circle adds only where the seat already has one.)
        int x = board.instX[inst], y = board.instY[inst];
        Followers followers = g.followers;
        int near = 0;
        for (long m = followers.slotsOn(FeatureKind.CLOISTER.ordinal()); m != 0; m &= m - 1) {
            int i = graph.square(followers.location(Long.numberOfTrailingZeros(m)));
            int dx = board.instX[i] - x, dy = board.instY[i] - y;
            if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) {
                near |= 1 << (dy + 1) * 3 + dx + 1;
            }
        }
        while (near != 0) {
            int b = Integer.numberOfTrailingZeros(near);
            near &= near - 1;
            int i = board.instAt(x + b % 3 - 1, y + b / 3 - 1);
            if (board.occupiedAround(i) == 9) { // its followers are still there: scoring one cloister moves no other's
                scoreFeature(g, cloisterSegment(g, i), false);
            }
        }
    }

    private static int cloisterSegment(GameState g, int inst) {
        TileType t = g.board.type(inst);
        for (int j = 0; j < t.features().size(); j++) {
            if (t.feature(j).kind() == FeatureKind.CLOISTER) {
                return g.graph.segment(inst, j);
            }
        }
        throw new IllegalStateException();
    }

    /**
     * Scores one road, city or cloister (completed during play, or incomplete at the end): the seats with the
     * most followers in it score its value; all its followers go home when it was completed.
     */
    private static void scoreFeature(GameState g, int root, boolean atEnd) {
        FeatureGraph graph = g.graph;
        int players = g.rules.players;
        int[] counts = g.followers.countsIn(root, players, graph);
        int best = 0;
        for (int c : counts) {
            best = Math.max(best, c);
        }
        FeatureKind kind = GameState.KINDS[graph.kind(root)];
        int value;
        ScoreKind sk;
        switch (kind) {
            case ROAD -> {
                value = graph.featureTiles(root, null);
                sk = ScoreKind.ROAD;
            }
            case CITY -> {
                int n = graph.featureTiles(root, null);
                int pennants = graph.pennants(root);
                if (atEnd) {
                    value = n + pennants;
                } else if (n == 2 && g.rules.config.rules().twoTileCityScoresTwo()) {
                    value = n + pennants;
                } else {
                    value = 2 * n + 2 * pennants;
                }
                sk = ScoreKind.CITY;
            }
            case CLOISTER -> {
                int inst = graph.segInst[root];
                value = atEnd ? cloisterFinalValue(g, inst) : 9;
                sk = ScoreKind.CLOISTER;
            }
            default -> throw new IllegalStateException("fields are scored by the farm rules");
        }
        int[] points = new int[players];
        for (int p = 0; p < counts.length; p++) {
            if (best > 0 && counts[p] == best) {
                points[p] = value;
                g.scores.add(p, value, sk);
            }
        }
        if (g.events != null) {
            g.events.add(g.scoredEvent(kind, atEnd, root, graph.pennants(root), 0, counts, points));
        }
        if (!atEnd) {
            // In slot order; the mask is read once, before any of them goes home.
            Followers followers = g.followers;
            for (long m = followers.slotsOn(graph.kind(root)); m != 0; m &= m - 1) {
                int f = Long.numberOfTrailingZeros(m);
                if (graph.find(followers.location(f)) == root) {
                    g.returnFollower(f, Event.ReturnReason.SCORED);
                }
            }
        }
    }

    /** Partial cloister value: occupied squares of the 3×3 block, board squares optionally counted as one. */
    private static int cloisterFinalValue(GameState g, int inst) {
        return g.rules.boardIsOneTileForCloisters ? g.board.occupiedAroundBoardAsOne(inst)
                : g.board.occupiedAround(inst);
    }

    /** Final scoring (RULES.md §2.9): incomplete roads, cities, cloisters, then fields. Crowns score nothing. */
    static void finalScoring(GameState g) {
        FeatureGraph graph = g.graph;
        IntList roots = g.followers.occupiedRoots(-1, graph);
        IntList fields = new IntList(8);
        for (int i = 0; i < roots.size(); i++) {
            int r = roots.get(i);
            if (graph.kind(r) != FeatureKind.FIELD.ordinal()) {
                scoreFeature(g, r, true);
            } else {
                fields.add(r);
            }
        }
        switch (g.rules.config.rules().farmRule()) {
            case THIRD_EDITION -> FieldScoring.perField(g, fields, false);
            case SECOND_EDITION -> FieldScoring.perField(g, fields, true);
            case FIRST_EDITION -> FieldScoring.perCity(g, fields);
        }
    }
}
