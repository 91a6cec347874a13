package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.Edge;
import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An independent recomputation of the landscape's features from {@code board()} alone: a plain union–find over
 * (square, feature) built from scratch through the tile types' edge tables, with open edges counted by looking for
 * empty neighbour squares (no incremental bookkeeping). Every feature of every square must then agree with
 * {@code GameState.feature()}: kind, squares, pennants, completeness, followers per seat and, for fields, the number
 * of adjacent completed cities. Also checks the placement rule itself: touching edges have the same type.
 *
 * <p>Dead openings ({@link #checkDeadOpenings}, also part of {@link #check}): for every road, city and cloister, the
 * empty squares its open edges face (or the empty squares around the cloister) are tried against every tile type
 * still to come ({@code remainingTiles()} and {@code drawnTile()}) in all four rotations, edge by edge against the
 * placed neighbours (a wheel board's '-' edge matches nothing); the squares none fits must number
 * {@code GameState.deadOpenings}. The trial itself is checked against the public legality: during a placement it
 * says "fits" for the drawn tile exactly at those of the squares tried that some legal placement names (a square
 * beside no placed square is never one; it stays fillable while any tile is to come).
 */
final class FeatureOracle {
    private final GameState s;
    private final List<PlacedTile> board;
    private final Map<Position, Integer> at = new HashMap<>();
    private final int[] base;
    private final int[] parent;
    // Per component root: its squares, pennants, open edges, followers per seat, and the city features its
    // field segments touch.
    private final Map<Integer, Set<Position>> squares = new HashMap<>();
    private final Map<Integer, Integer> pennants = new HashMap<>(), open = new HashMap<>();
    private final Map<Integer, int[]> followers = new HashMap<>();
    private final Map<Integer, Set<Integer>> cityNodes = new HashMap<>();
    /** Per road or city root: the empty square each open edge faces (a square faced twice is listed twice). */
    private final Map<Integer, List<Position>> faced = new HashMap<>();

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
        FeatureOracle o = new FeatureOracle(s);
        o.build();
        o.compare();
        o.compareDeadOpenings();
    }

    /** Only the dead-openings part of {@link #check}. */
    static void checkDeadOpenings(GameState s) {
        FeatureOracle o = new FeatureOracle(s);
        o.build();
        o.compareDeadOpenings();
    }

    /**
     * The points of the final scoring (RULES.md §2.9) per seat, by kind (road, city, cloister, field), recomputed
     * from the end state: incomplete roads (1 per square), cities (1 per square and pennant) and cloisters (1 per
     * occupied square of the 3×3, or with the WoF option the board squares counting as one) go to the seats with
     * the most followers in them; fields by the configured farm rule.
     */
    static int[][] finalScoring(GameState s) {
        FeatureOracle o = new FeatureOracle(s);
        o.build();
        return o.scoreEnd();
    }

    /**
     * The points of a sector's event (RULES.md §3.6) per seat, recomputed from {@code s} and the supplies the event
     * saw: Fortune 3 to the active seat; Tax per city k·(pennants + k) to every seat with k knights in it; Famine per
     * field touching c completed cities, by the configured reading (all farmers k·c, the field's majority k·c, or c
     * per seat with a farmer there); Storm 1 per follower in supply; Inquisition 2 per monk; Plague nothing (its
     * returns are decisions). {@code s} must show the landscape the event saw: in a step, nothing after a sector
     * event places a tile or moves a landscape follower (only crown followers go home, tiles are discarded or the
     * game ends), so the state after the step does.
     */
    static int[] sectorPoints(GameState s, Sector sector, int active, int[] supply) {
        int n = s.players();
        int[] pts = new int[n];
        switch (sector) {
            case FORTUNE -> pts[active] = 3;
            case STORM -> System.arraycopy(supply, 0, pts, 0, n);
            case INQUISITION -> {
                for (FollowerPlacement f : s.followers()) {
                    if (!f.onCrown() && f.kind() == FeatureKind.CLOISTER) {
                        pts[f.seat().index()] += 2;
                    }
                }
            }
            case TAX, FAMINE -> {
                FeatureOracle o = new FeatureOracle(s);
                o.build();
                WheelOptions.FamineRule rule = s.config().wheel().famine();
                for (Map.Entry<Integer, int[]> e : o.followers.entrySet()) {
                    int root = e.getKey();
                    int ti = o.tileIndexOf(root);
                    FeatureKind kind = o.board.get(ti).type().feature(root - o.base[ti]).kind();
                    int[] k = e.getValue();
                    if (sector == Sector.TAX && kind == FeatureKind.CITY) {
                        int pennants = o.pennants.get(root);
                        for (int p = 0; p < n; p++) {
                            pts[p] += k[p] * (pennants + k[p]);
                        }
                    } else if (sector == Sector.FAMINE && kind == FeatureKind.FIELD) {
                        int cities = o.completedCities(root).size();
                        int best = max(k);
                        for (int p = 0; p < n; p++) {
                            pts[p] += switch (rule) {
                                case ALL_FARMERS -> k[p] * cities;
                                case MAJORITY -> k[p] == best ? k[p] * cities : 0;
                                case PER_FIELD -> k[p] > 0 ? cities : 0;
                            };
                        }
                    }
                }
            }
            case PLAGUE -> {
            }
        }
        return pts;
    }

    private int[][] scoreEnd() {
        int n = s.players();
        int[][] pts = new int[n][4];
        boolean boardOne = s.config().has(ExpansionId.WHEEL_OF_FORTUNE) && s.config().wheel().boardIsOneTileForCloisters();
        List<Integer> fields = new ArrayList<>();
        for (Map.Entry<Integer, int[]> e : followers.entrySet()) {
            int root = e.getKey();
            int ti = tileIndexOf(root);
            PlacedTile t = board.get(ti);
            FeatureKind kind = t.type().feature(root - base[ti]).kind();
            int value;
            int k;
            switch (kind) {
                case ROAD -> {
                    value = squares.get(root).size();
                    k = 0;
                }
                case CITY -> {
                    value = squares.get(root).size() + pennants.get(root);
                    k = 1;
                }
                case CLOISTER -> {
                    int land = 0;
                    boolean boardNear = false;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            Integer i = at.get(new Position(t.position().x() + dx, t.position().y() + dy));
                            if (i != null) {
                                if (board.get(i).boardSquare()) {
                                    boardNear = true;
                                    if (!boardOne) {
                                        land++;
                                    }
                                } else {
                                    land++;
                                }
                            }
                        }
                    }
                    value = land + (boardOne && boardNear ? 1 : 0);
                    k = 2;
                }
                default -> {
                    fields.add(root);
                    continue;
                }
            }
            int[] f = e.getValue();
            int best = max(f);
            for (int p = 0; p < n; p++) {
                if (best > 0 && f[p] == best) {
                    pts[p][k] += value;
                }
            }
        }
        RuleOptions.FarmRule rule = s.config().rules().farmRule();
        if (rule == RuleOptions.FarmRule.FIRST_EDITION) {
            Map<Integer, int[]> farmersByCity = new HashMap<>();
            for (int field : fields) {
                for (int city : completedCities(field)) {
                    int[] acc = farmersByCity.computeIfAbsent(city, c -> new int[n]);
                    for (int p = 0; p < n; p++) {
                        acc[p] += followers.get(field)[p];
                    }
                }
            }
            for (int[] f : farmersByCity.values()) {
                int best = max(f);
                for (int p = 0; p < n; p++) {
                    if (best > 0 && f[p] == best) {
                        pts[p][3] += 4;
                    }
                }
            }
        } else {
            List<Set<Integer>> paid = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                paid.add(new HashSet<>());
            }
            for (int field : fields) {
                int[] f = followers.get(field);
                int best = max(f);
                Set<Integer> cities = completedCities(field);
                for (int p = 0; p < n; p++) {
                    if (best > 0 && f[p] == best) {
                        if (rule == RuleOptions.FarmRule.SECOND_EDITION) {
                            paid.get(p).addAll(cities);
                        } else {
                            pts[p][3] += 3 * cities.size();
                        }
                    }
                }
            }
            if (rule == RuleOptions.FarmRule.SECOND_EDITION) {
                for (int p = 0; p < n; p++) {
                    pts[p][3] = 3 * paid.get(p).size();
                }
            }
        }
        return pts;
    }

    private static int max(int[] a) {
        int m = 0;
        for (int v : a) {
            m = Math.max(m, v);
        }
        return m;
    }

    private int tileIndexOf(int node) {
        for (int i = 0; i < board.size(); i++) {
            if (node < base[i + 1]) {
                return i;
            }
        }
        throw new IllegalStateException();
    }

    /** The roots of the completed cities next to a field (by its root). */
    private Set<Integer> completedCities(int fieldRoot) {
        Set<Integer> completed = new HashSet<>();
        for (int c : cityNodes.get(fieldRoot)) {
            int cr = find(c);
            if (open.get(cr) == 0) {
                completed.add(cr);
            }
        }
        return completed;
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
        return at.get(step(t.position(), d));
    }

    private static Position step(Position p, int d) {
        Edge e = Edge.of(d);
        return new Position(p.x() + e.dx(), p.y() + e.dy());
    }

    /** Builds the components from scratch. */
    private void build() {
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
                        faced.computeIfAbsent(root, k -> new ArrayList<>()).add(step(t.position(), d));
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
    }

    /** Compares every feature of every square with the engine's {@code feature()}. */
    private void compare() {
        int n = s.players();
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
                    complete = emptyAround(t.position()).isEmpty();
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
                    assertEquals(completedCities(root).size(), info.adjacentCompletedCities(), () -> where + ": cities");
                }
            }
        }
    }

    /** Compares {@code deadOpenings} of every feature of every square with a trial of the tiles to come. */
    private void compareDeadOpenings() {
        Set<String> ids = new LinkedHashSet<>(s.remainingTiles());
        if (s.drawnTile() != null) {
            ids.add(s.drawnTile().id());
        }
        List<TileType> toCome = new ArrayList<>();
        for (String id : ids) {
            TileType t = TileCatalog.standard().type(id);
            assertNotNull(t, id);
            toCome.add(t);
        }
        Map<Position, Boolean> fillable = new HashMap<>();
        Map<Integer, Integer> expected = new HashMap<>(); // per root
        for (int i = 0; i < board.size(); i++) {
            PlacedTile t = board.get(i);
            for (int f = 0; f < t.type().features().size(); f++) {
                int root = find(base[i] + f);
                List<Position> squares = switch (t.type().feature(f).kind()) {
                    case ROAD, CITY -> faced.getOrDefault(root, List.of());
                    case CLOISTER -> emptyAround(t.position());
                    case FIELD -> List.of();
                };
                int dead = expected.computeIfAbsent(root, k -> (int) squares.stream()
                        .filter(q -> !fillable.computeIfAbsent(q, x -> fits(x, toCome))).count());
                int actual = s.deadOpenings(t.position(), f);
                if (actual != dead) {
                    fail(t.position() + " " + t.type().id() + " feature " + f + ": deadOpenings " + actual + ", expected "
                            + dead + " (faced " + squares + ", tiles to come " + ids + ")");
                }
            }
        }
        if (s.decisionKind() == DecisionKind.PLACE_TILE) {
            Set<Position> legal = new HashSet<>();
            for (Action a : s.legalActions()) {
                legal.add(((Action.PlaceTile) a).position());
            }
            for (Position q : fillable.keySet()) {
                if (!touchesLandscape(q)) {
                    continue; // a corner of a cloister's block with no square beside it: not open yet
                }
                assertEquals(legal.contains(q), fits(q, List.of(s.drawnTile())),
                        () -> "the trial disagrees with the legal placements of " + s.drawnTile().id() + " at " + q);
            }
        }
    }

    private List<Position> emptyAround(Position p) {
        List<Position> out = new ArrayList<>();
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                Position q = new Position(p.x() + dx, p.y() + dy);
                if (!at.containsKey(q)) {
                    out.add(q);
                }
            }
        }
        return out;
    }

    private boolean touchesLandscape(Position q) {
        for (int d = 0; d < 4; d++) {
            if (at.containsKey(step(q, d))) {
                return true;
            }
        }
        return false;
    }

    /** True when some type, in some rotation, shows on every edge of the empty square what the neighbour there shows. */
    private boolean fits(Position q, List<TileType> types) {
        for (TileType t : types) {
            for (int r = 0; r < 4; r++) {
                boolean ok = true;
                for (int d = 0; d < 4 && ok; d++) {
                    Integer j = at.get(step(q, d));
                    if (j != null) {
                        PlacedTile nb = board.get(j);
                        EdgeType shown = nb.type().edgeAt(nb.rotation().ordinal(), (d + 2) & 3);
                        ok = shown != EdgeType.NONE && t.edgeAt(r, d) == shown;
                    }
                }
                if (ok) {
                    return true;
                }
            }
        }
        return false;
    }

    private int ref(WheelBoard.Ref r) {
        Integer i = at.get(new Position(r.x(), r.y()));
        assertNotNull(i, "board square " + r);
        return base[i] + r.feature();
    }
}
