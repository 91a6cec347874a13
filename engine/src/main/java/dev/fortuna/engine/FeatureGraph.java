package dev.fortuna.engine;

import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import java.util.Arrays;
import java.util.List;

/**
 * The features of the landscape. Every feature of every placed square is a <em>segment</em> (square {@code inst}'s
 * features are segments {@code instSeg[inst]} to {@code instSeg[inst + 1] - 1}, in notation order); segments that
 * connect are merged by union–find. Each root keeps the whole feature's open edge count (a road or city is complete
 * at 0) and follower count; a circular linked list ({@code next}) enumerates a feature's segments, which is how a
 * feature's pennants are counted. Invariant: a root's counts are the sums over its segments; the smaller segment id
 * of a union stays root, so a feature's root is its smallest segment id whatever the shape of its tree.
 *
 * <p>A copy clones every array (the per-segment ones only up to the used segments, plus {@link #COPY_ROOM}; they
 * grow when a square needs more), so what can be derived is not stored: a segment's notation index is its offset from
 * its square's first segment, and a feature's pennants are summed over its segments when asked (scoring, Tax).
 */
public final class FeatureGraph {
    /** {@link #segInfo} keeps a segment's pennants above its kind's two bits, so at most this many. */
    static final int MAX_SEGMENT_PENNANTS = 63;
    private static final int[] NO_PAIRS = new int[0];
    /** Free segments a copy keeps beyond the used ones: a few squares' worth (a square has at most a dozen). */
    static final int COPY_ROOM = 32;

    /**
     * Per square type index ({@code Rules.squareTypes}), per feature in notation order: the {@link #segInfo} entry
     * and the edge count a new segment starts with. Made once per game configuration ({@link #templateOf}), shared by
     * every state of the game and never written.
     */
    record Template(byte[][] info, short[][] edges) {
    }

    private final Template template;

    int nSeg;
    // Segments stay far below 32,767, so shorts halve what a copy has to clone.
    short[] instSeg, parent, next, segInst;
    /**
     * Per segment, never written after {@link #addSquare}: its {@code FeatureKind} ordinal in bits 0–1 and the
     * pennants of its square feature above them ({@link #kind}, {@link #pennants}).
     */
    byte[] segInfo;
    short[] rootOpen, rootFollowers;
    /** Board fields that touch a board city on another square: extra (field segment, city segment) pairs. */
    int[] extraAdj = NO_PAIRS;

    FeatureGraph(int maxInstances, int maxSegments, Template template) {
        this.template = template;
        instSeg = new short[maxInstances + 1];
        parent = new short[maxSegments];
        next = new short[maxSegments];
        segInst = new short[maxSegments];
        segInfo = new byte[maxSegments];
        rootOpen = new short[maxSegments];
        rootFollowers = new short[maxSegments];
    }

    private FeatureGraph(FeatureGraph o) {
        template = o.template;
        nSeg = o.nSeg;
        instSeg = o.instSeg.clone();
        // Only segments below nSeg are ever read: addSquare writes every per-segment array of a new segment before
        // anything reads it (and grows the arrays first when they are full). So a copy takes the used prefix and a
        // little room for the next squares, not the game's maximum: mid-game that is a fraction of the bytes, and
        // bots copy states at every step of a search.
        int cap = Math.min(o.parent.length, nSeg + COPY_ROOM);
        parent = Arrays.copyOf(o.parent, cap);
        next = Arrays.copyOf(o.next, cap);
        segInst = Arrays.copyOf(o.segInst, cap);
        segInfo = Arrays.copyOf(o.segInfo, cap);
        rootOpen = Arrays.copyOf(o.rootOpen, cap);
        rootFollowers = Arrays.copyOf(o.rootFollowers, cap);
        extraAdj = o.extraAdj; // set once with the wheel board, never written after
    }

    FeatureGraph copy() {
        return new FeatureGraph(this);
    }

    /** The segment of feature {@code feature} (notation index) of square {@code inst}. */
    public int segment(int inst, int feature) {
        return instSeg[inst] + feature;
    }

    /** How many features square {@code inst} has. */
    public int featureCount(int inst) {
        return instSeg[inst + 1] - instSeg[inst];
    }

    /** The square a segment belongs to. */
    public int square(int seg) {
        return segInst[seg];
    }

    /** The notation index of a segment on its square: square {@code inst}'s segments are consecutive. */
    public int local(int seg) {
        return seg - instSeg[segInst[seg]];
    }

    /** The {@code FeatureKind} ordinal of a segment (or of its feature: all segments of a feature agree). */
    public int kind(int seg) {
        return segInfo[seg] & 3;
    }

    /** The pennants of a whole feature, by its root: the sum over its segments. */
    public int pennants(int root) {
        int n = 0, s = root;
        do {
            n += (segInfo[s] & 0xFF) >>> 2;
            s = next[s];
        } while (s != root);
        return n;
    }

    /** The open edges of a whole road or city, by its root (0: complete). */
    public int openEdges(int root) {
        return rootOpen[root];
    }

    /** Adds one to the follower count of the feature that contains a segment. */
    public void addFollower(int seg) {
        rootFollowers[find(seg)]++;
    }

    void removeFollower(int seg) {
        rootFollowers[find(seg)]--;
    }

    /**
     * The root of the feature that contains a segment (with path halving: each step links a segment to its
     * grandparent; a segment whose parent is the root is left as it is, so the common short path writes nothing).
     */
    public int find(int s) {
        while (true) {
            int p = parent[s];
            if (p == s) {
                return s;
            }
            int gp = parent[p];
            if (gp == p) {
                return p;
            }
            parent[s] = (short) gp;
            s = gp;
        }
    }

    /** The template of the square types of a game ({@code Rules.squareTypes}). */
    static Template templateOf(TileType[] squareTypes) {
        byte[][] info = new byte[squareTypes.length][];
        short[][] edges = new short[squareTypes.length][];
        for (int t = 0; t < squareTypes.length; t++) {
            List<TileFeature> fs = squareTypes[t].features();
            info[t] = new byte[fs.size()];
            edges[t] = new short[fs.size()];
            for (int j = 0; j < fs.size(); j++) {
                TileFeature f = fs.get(j);
                if (f.pennants() > MAX_SEGMENT_PENNANTS) {
                    throw new IllegalStateException("tile " + squareTypes[t].id() + " feature " + f.name()
                            + " has more than " + MAX_SEGMENT_PENNANTS + " pennants");
                }
                info[t][j] = (byte) (f.kind().ordinal() | f.pennants() << 2);
                edges[t][j] = (short) f.edgeCount();
            }
        }
        return new Template(info, edges);
    }

    /** Makes the per-segment arrays hold at least {@code size} segments (a copy starts with little room). */
    private void grow(int size) {
        int cap = Math.max(size, parent.length + parent.length / 2 + COPY_ROOM);
        parent = Arrays.copyOf(parent, cap);
        next = Arrays.copyOf(next, cap);
        segInst = Arrays.copyOf(segInst, cap);
        segInfo = Arrays.copyOf(segInfo, cap);
        rootOpen = Arrays.copyOf(rootOpen, cap);
        rootFollowers = Arrays.copyOf(rootFollowers, cap);
    }

    /** Makes square {@code inst}'s features (of square type index {@code type}) segments of their own. */
    void addSquare(int inst, int type) {
        byte[] info = template.info[type];
        short[] edges = template.edges[type];
        int base = nSeg;
        if (base + info.length > parent.length) {
            grow(base + info.length);
        }
        instSeg[inst] = (short) base;
        for (int j = 0; j < info.length; j++) {
            int s = base + j;
            parent[s] = (short) s;
            next[s] = (short) s;
            segInst[s] = (short) inst;
            segInfo[s] = info[j];
            rootOpen[s] = edges[j];
            rootFollowers[s] = 0;
        }
        nSeg = base + info.length;
        instSeg[inst + 1] = (short) nSeg;
    }

    /** Joins square {@code inst}'s features (type t turned r) with those of its placed neighbours. */
    void connect(Board board, int inst, TileType t, int r) {
        int base = instSeg[inst];
        for (int d = 0; d < 4; d++) {
            int nb = board.neighbour(inst, d);
            if (nb < 0) {
                continue;
            }
            TileType nt = board.type(nb);
            int nr = board.rotation(nb), od = (d + 2) & 3;
            EdgeType et = t.edgeAt(r, d);
            if (et == EdgeType.ROAD || et == EdgeType.CITY) {
                connectEdge(base + t.edgeFeature(r, d), instSeg[nb] + nt.edgeFeature(nr, od));
            }
            if (et == EdgeType.ROAD || et == EdgeType.FIELD) {
                int h0 = 2 * d, h1 = h0 + 1;
                int a0 = t.halfFeature(r, h0), b0 = nt.halfFeature(nr, HalfEdge.facing(h0));
                int a1 = t.halfFeature(r, h1), b1 = nt.halfFeature(nr, HalfEdge.facing(h1));
                union(base + a0, instSeg[nb] + b0);
                if (a1 != a0 || b1 != b0) { // a field edge usually joins the same two fields twice
                    union(base + a1, instSeg[nb] + b1);
                }
            }
        }
    }

    /** Joins two road or city segments across a shared edge: two open edges fewer. */
    private void connectEdge(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra == rb) {
            rootOpen[ra] -= 2; // the feature closes on itself (a loop)
            return;
        }
        int open = rootOpen[ra] + rootOpen[rb] - 2;
        int root = union(ra, rb);
        rootOpen[root] = (short) open;
    }

    /** Merges two features; the smaller root id stays root. Returns the root. */
    int union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra == rb) {
            return ra;
        }
        if (rb < ra) {
            int t = ra;
            ra = rb;
            rb = t;
        }
        parent[rb] = (short) ra;
        rootOpen[ra] += rootOpen[rb];
        rootFollowers[ra] += rootFollowers[rb];
        short t = next[ra];
        next[ra] = next[rb];
        next[rb] = t;
        return ra;
    }

    /**
     * Distinct squares a feature covers (a square met twice counts once); if {@code squares} is given, adds one
     * segment per square to it (the first met on that square), in the order the feature's list visits them.
     */
    int featureTiles(int root, IntList squares) {
        int count = 0, s = root;
        do {
            int inst = segInst[s];
            boolean seen = false;
            for (int j = instSeg[inst]; j < s; j++) {
                if (find(j) == root) {
                    seen = true;
                    break;
                }
            }
            if (!seen) {
                count++;
                if (squares != null) {
                    squares.add(s);
                }
            }
            s = next[s];
        } while (s != root);
        return count;
    }

    /** Every segment of a feature (by its root), ascending: in placement order, then notation order. */
    int[] segments(int root) {
        IntList out = new IntList(8);
        int s = root;
        do {
            out.add(s);
            s = next[s];
        } while (s != root);
        int[] a = out.toArray();
        Arrays.sort(a);
        return a;
    }

    /** Distinct completed cities next to a field (by its root); their roots go to {@code out} if given. */
    public int completedCitiesNextTo(Board board, int fieldRoot, IntList out) {
        IntList cities = out != null ? out : new IntList(8);
        citiesNextTo(board, fieldRoot, cities, true);
        return cities.size();
    }

    /**
     * Adds to {@code cities} the roots of the cities next to a field (by its root) that it does not hold yet:
     * only completed ones when {@code completedOnly}.
     */
    void citiesNextTo(Board board, int fieldRoot, IntList cities, boolean completedOnly) {
        int s = fieldRoot;
        do {
            int inst = segInst[s];
            TileFeature f = board.type(inst).feature(s - instSeg[inst]);
            for (int c : f.adjacentCities()) {
                addCity(cities, find(instSeg[inst] + c), completedOnly);
            }
            s = next[s];
        } while (s != fieldRoot);
        for (int i = 0; i < extraAdj.length; i += 2) {
            if (find(extraAdj[i]) == fieldRoot) {
                addCity(cities, find(extraAdj[i + 1]), completedOnly);
            }
        }
    }

    private void addCity(IntList cities, int cityRoot, boolean completedOnly) {
        if ((!completedOnly || rootOpen[cityRoot] == 0) && !cities.contains(cityRoot)) {
            cities.add(cityRoot);
        }
    }
}
