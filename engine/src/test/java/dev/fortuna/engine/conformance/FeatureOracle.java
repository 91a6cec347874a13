package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.tile.Edge;
import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An independent recomputation of the landscape's features from {@code board()} alone: a plain union–find over
 * (square, feature) built from scratch through the tile types' edge tables, with open edges counted by looking for
 * empty neighbour squares (no incremental bookkeeping). Every feature of every square must then agree with
 * {@code GameState.feature()}: kind, squares, pennants, completeness, followers per seat and, for fields, the number
 * of adjacent completed cities. Also checks the placement rule itself: touching edges have the same type.
 */
final class FeatureOracle {
    private final GameState s;
    private final List<PlacedTile> board;
    private final Map<Position, Integer> at = new HashMap<>();
    private final int[] base;
    private final int[] parent;

    private FeatureOracle(GameState s) {
        this.s = s;
        this.board = s.board();
        base = new int[board.size() + 1];
        for (int i = 0; i < board.size(); i++) {
            at.put(board.get(i).position(), i);
            base[i + 1] = base[i] + board.get(i).type().features().size();
        }
        parent = new int[base[board.size()]];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
    }

    static void check(GameState s) {
        new FeatureOracle(s).run();
    }

    private int find(int a) {
        while (parent[a] != a) {
            a = parent[a];
        }
        return a;
    }

    private void union(int a, int b) {
        a = find(a);
        b = find(b);
        if (a != b) {
            parent[Math.max(a, b)] = Math.min(a, b);
        }
    }

    private Integer neighbour(PlacedTile t, int d) {
        Edge e = Edge.of(d);
        return at.get(new Position(t.position().x() + e.dx(), t.position().y() + e.dy()));
    }

    private void run() {
        // Connect across every shared edge (east and south, so each pair once).
        for (int i = 0; i < board.size(); i++) {
            PlacedTile a = board.get(i);
            int ra = a.rotation().ordinal();
            for (int d = 1; d <= 2; d++) {
                Integer j = neighbour(a, d);
                if (j == null) {
                    continue;
                }
                PlacedTile b = board.get(j);
                int rb = b.rotation().ordinal(), od = (d + 2) & 3;
                EdgeType et = a.type().edgeAt(ra, d);
                if (et != b.type().edgeAt(rb, od)) {
                    fail("edges do not match between " + a + " and " + b);
                }
                if (a.boardSquare() && b.boardSquare()) {
                    continue; // board squares connect through the board's field data only
                }
                if (et == EdgeType.ROAD || et == EdgeType.CITY) {
                    union(base[i] + a.type().edgeFeature(ra, d), base[j] + b.type().edgeFeature(rb, od));
                }
                if (et == EdgeType.ROAD || et == EdgeType.FIELD) {
                    for (int k = 0; k < 2; k++) {
                        int h = 2 * d + k;
                        union(base[i] + a.type().halfFeature(ra, h),
                                base[j] + b.type().halfFeature(rb, HalfEdge.facing(h)));
                    }
                }
            }
        }
        // The wheel board's fields span several squares, and may touch board cities on other squares.
        Map<Integer, Set<Integer>> boardCities = new HashMap<>();
        if (!board.isEmpty() && board.get(0).boardSquare()) {
            for (WheelBoard.BoardField f : TileCatalog.standard().wheelBoard().fields()) {
                int first = ref(f.parts().get(0));
                for (WheelBoard.Ref r : f.parts()) {
                    union(first, ref(r));
                }
                Set<Integer> cities = new HashSet<>();
                for (WheelBoard.Ref c : f.adjacentCities()) {
                    cities.add(ref(c));
                }
                boardCities.put(first, cities);
            }
        }
        // Per component: squares, pennants, open edges, followers per seat, adjacent city features.
        int n = s.players();
        Map<Integer, Set<Position>> squares = new HashMap<>();
        Map<Integer, Integer> pennants = new HashMap<>(), open = new HashMap<>();
        Map<Integer, int[]> followers = new HashMap<>();
        Map<Integer, Set<Integer>> cityNodes = new HashMap<>();
        for (int i = 0; i < board.size(); i++) {
            PlacedTile t = board.get(i);
            int r = t.rotation().ordinal();
            for (int f = 0; f < t.type().features().size(); f++) {
                TileFeature tf = t.type().feature(f);
                int root = find(base[i] + f);
                squares.computeIfAbsent(root, k -> new HashSet<>()).add(t.position());
                pennants.merge(root, tf.pennants(), Integer::sum);
                int o = 0;
                for (int d = 0; d < 4; d++) {
                    if (t.type().edgeFeature(r, d) == f && neighbour(t, d) == null) {
                        o++;
                    }
                }
                open.merge(root, o, Integer::sum);
                Set<Integer> cities = cityNodes.computeIfAbsent(root, k -> new HashSet<>());
                for (int c : tf.adjacentCities()) {
                    cities.add(base[i] + c);
                }
            }
        }
        for (Map.Entry<Integer, Set<Integer>> e : boardCities.entrySet()) {
            cityNodes.get(find(e.getKey())).addAll(e.getValue());
        }
        for (FollowerPlacement fp : s.followers()) {
            if (!fp.onCrown()) {
                int root = find(base[at.get(fp.position())] + fp.feature());
                followers.computeIfAbsent(root, k -> new int[n])[fp.seat().index()]++;
            }
        }
        // Compare with the engine, square by square, feature by feature.
        for (int i = 0; i < board.size(); i++) {
            PlacedTile t = board.get(i);
            for (int f = 0; f < t.type().features().size(); f++) {
                int root = find(base[i] + f);
                FeatureKind kind = t.type().feature(f).kind();
                GameState.FeatureInfo info = s.feature(t.position(), f);
                String where = t.position() + " " + t.type().id() + " feature " + f + " (" + kind + ")";
                assertEquals(kind, info.kind(), where);
                boolean complete;
                Set<Position> expected;
                if (kind == FeatureKind.CLOISTER) {
                    expected = Set.of(t.position());
                    int around = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            if (at.containsKey(new Position(t.position().x() + dx, t.position().y() + dy))) {
                                around++;
                            }
                        }
                    }
                    complete = around == 9;
                } else {
                    expected = squares.get(root);
                    complete = kind != FeatureKind.FIELD && open.get(root) == 0;
                }
                assertEquals(expected.size(), info.tileCount(), () -> where + ": squares");
                assertEquals(expected, new HashSet<>(info.tiles()), () -> where + ": squares");
                assertEquals(expected.size(), info.tiles().size(), () -> where + ": a square listed twice");
                assertEquals(complete, info.complete(), () -> where + ": complete");
                if (kind != FeatureKind.CLOISTER) {
                    assertEquals((int) pennants.get(root), info.pennants(), () -> where + ": pennants");
                }
                int[] fl = followers.getOrDefault(root, new int[n]);
                List<Integer> fList = new ArrayList<>();
                for (int v : fl) {
                    fList.add(v);
                }
                assertEquals(fList, info.followers(), () -> where + ": followers per seat");
                if (kind == FeatureKind.FIELD) {
                    Set<Integer> completed = new HashSet<>();
                    for (int c : cityNodes.get(root)) {
                        int cr = find(c);
                        if (open.get(cr) == 0) {
                            completed.add(cr);
                        }
                    }
                    assertEquals(completed.size(), info.adjacentCompletedCities(), () -> where + ": cities");
                }
            }
        }
    }

    private int ref(WheelBoard.Ref r) {
        Integer i = at.get(new Position(r.x(), r.y()));
        assertNotNull(i, "board square " + r);
        return base[i] + r.feature();
    }
}
