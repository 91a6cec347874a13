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
            int kind = graph.segKind[s];
            if (kind == FeatureKind.ROAD.ordinal() || kind == FeatureKind.CITY.ordinal()) {
                int root = graph.find(s);
                if (graph.rootOpen[root] == 0 && graph.rootFollowers[root] > 0) {
                    scoreFeature(g, root, false);
                }
            }
        }
        int x = board.instX[inst], y = board.instY[inst];
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int i = board.instAt(x + dx, y + dy);
                if (i >= board.boardInstances && i >= 0 && board.type(i).hasCloister()
                        && board.occupiedAround(i) == 9) {
                    int seg = cloisterSegment(g, i);
                    if (graph.rootFollowers[seg] > 0) {
                        scoreFeature(g, seg, false);
                    }
                }
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
        FeatureKind kind = GameState.KINDS[graph.segKind[root]];
        int value;
        ScoreKind sk;
        switch (kind) {
            case ROAD -> {
                value = graph.featureTiles(root, null);
                sk = ScoreKind.ROAD;
            }
            case CITY -> {
                int n = graph.featureTiles(root, null);
                int pennants = graph.rootPennants[root];
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
            g.events.add(g.scoredEvent(kind, atEnd, root, graph.rootPennants[root], 0, counts, points));
        }
        if (!atEnd) {
            Followers followers = g.followers;
            for (int f = 0; f < followers.slots(); f++) {
                int loc = followers.location(f);
                if (loc >= 0 && graph.find(loc) == root) {
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
            if (graph.segKind[r] != FeatureKind.FIELD.ordinal()) {
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
