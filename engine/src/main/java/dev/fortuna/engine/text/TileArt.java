package dev.fortuna.engine.text;

import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One square of the landscape drawn as a block of {@value #WIDTH}×{@value #HEIGHT} characters, north up,
 * already turned by the square's rotation. Shared by {@link TileText} and {@link BoardText}.
 *
 * <p>Legend: {@code #} city, {@code *} pennant, {@code =} and {@code |} roads ({@code /} and {@code \} where a
 * road bends tightly round a corner), {@code +} a crossing where several roads end, {@code .} field,
 * {@code M} cloister (3×3 in the middle), {@code @} crop circle, {@code ~} the wheel's inner part on the Wheel
 * of Fortune board, blank where a square shows no feature. Edge midpoints are fixed (column 3 on the north and
 * south rows, row 2 on the west and east columns), so roads and cities continue across neighbouring squares.
 *
 * <p>Besides the picture, the art knows which cells belong to which feature of the tile type, and in which
 * order to use them for markers ({@link #spots(int)}): pennants first, then followers.
 */
public final class TileArt {
    public static final int WIDTH = 7, HEIGHT = 5;
    public static final char CITY = '#', PENNANT = '*', FIELD = '.', ROAD_H = '=', ROAD_V = '|', ROAD_SLASH = '/',
            ROAD_BACKSLASH = '\\', CROSSING = '+', CLOISTER = 'M', CROP_CIRCLE = '@', WHEEL = '~', NOTHING = ' ';

    private static final int CELLS = WIDTH * HEIGHT;
    private static final ConcurrentHashMap<TileType, TileArt[]> CACHE = new ConcurrentHashMap<>();
    private static final int CX = 3, CY = 2;
    private static final int N = 0, E = 1, S = 2, W = 3;
    // Cells that touch each half-edge (Nw Ne En Es Se Sw Ws Wn): where field segments start.
    private static final int[][] HALF_CELLS = {
        {cell(1, 0), cell(2, 0)}, {cell(4, 0), cell(5, 0)}, {cell(6, 1)}, {cell(6, 3)},
        {cell(5, 4), cell(4, 4)}, {cell(2, 4), cell(1, 4)}, {cell(0, 3)}, {cell(0, 1)}};
    // A road's path from each edge's midpoint to the centre (exclusive).
    private static final int[][] TO_CENTRE = {
        {cell(3, 0), cell(3, 1)}, {cell(6, 2), cell(5, 2), cell(4, 2)},
        {cell(3, 4), cell(3, 3)}, {cell(0, 2), cell(1, 2), cell(2, 2)}};
    // Corner cells: between edge d and edge d+1 (NE, SE, SW, NW).
    private static final int[] CORNER = {cell(6, 0), cell(6, 4), cell(0, 4), cell(0, 0)};

    private final char[] glyph = new char[CELLS];
    private final int[] owner = new int[CELLS];
    private final int[][] spots;

    private TileArt(TileType type, int rot, boolean boardSquare) {
        Arrays.fill(glyph, NOTHING);
        Arrays.fill(owner, -1);
        int n = type.features().size();
        int[] edgeMask = new int[n], halfMask = new int[n];
        for (int d = 0; d < 4; d++) {
            int f = type.edgeFeature(rot, d);
            if (f >= 0) {
                edgeMask[f] |= 1 << d;
            }
        }
        for (int h = 0; h < 8; h++) {
            int f = type.halfFeature(rot, h);
            if (f >= 0) {
                halfMask[f] |= 1 << h;
            }
        }
        if (boardSquare) {
            paintBoardSquare(type, rot, edgeMask);
        } else {
            paintLand(type, edgeMask);
        }
        paintFields(type, halfMask);
        spots = new int[n][];
        for (int f = 0; f < n; f++) {
            spots[f] = orderSpots(f, type.feature(f), edgeMask[f], halfMask[f]);
        }
    }

    /** The art of a tile type turned by a rotation ({@code boardSquare}: a square of the wheel board). */
    public static TileArt of(TileType type, Rotation rotation, boolean boardSquare) {
        // A board repeats few (type, rotation) pairs many times; the art is immutable, so it is drawn once.
        // A racy double computation is harmless: all fields are final, so a shared instance is always complete.
        TileArt[] arts = CACHE.computeIfAbsent(type, t -> new TileArt[8]);
        int slot = rotation.quarterTurns() + (boardSquare ? 4 : 0);
        TileArt art = arts[slot];
        if (art == null) {
            art = new TileArt(type, rotation.quarterTurns(), boardSquare);
            arts[slot] = art;
        }
        return art;
    }

    public static TileArt of(TileType type, Rotation rotation) {
        return of(type, rotation, false);
    }

    /** The character at column {@code col} (0 = west) and row {@code row} (0 = north). */
    public char at(int col, int row) {
        return glyph[cell(col, row)];
    }

    /** The feature index (tile type notation order) drawn at a cell, or -1. */
    public int featureAt(int col, int row) {
        return owner[cell(col, row)];
    }

    /**
     * Cells of feature {@code feature} in the order markers use them, each as {@code row * WIDTH + col}:
     * the cell nearest the feature's middle first. Never empty.
     */
    public int[] spots(int feature) {
        return spots[feature].clone();
    }

    /**
     * The block as rows of text, with each feature's pennants drawn and then the given markers put on the
     * features: {@code markers[i]} goes on feature {@code markerFeatures[i]} (several markers on one feature
     * take successive spots). Used for followers (seat letters) and feature indices.
     */
    public char[][] draw(TileType type, int[] markerFeatures, char[] markers) {
        char[] g = glyph.clone();
        int[] used = new int[spots.length];
        for (int f = 0; f < spots.length; f++) {
            TileFeature tf = type.feature(f);
            for (int p = 0; p < tf.pennants() && used[f] < spots[f].length; p++) {
                g[spots[f][used[f]++]] = PENNANT;
            }
        }
        for (int i = 0; i < markerFeatures.length; i++) {
            int f = markerFeatures[i];
            if (f < 0 || f >= spots.length) {
                continue;
            }
            int[] s = spots[f];
            // More markers than cells cannot happen with real positions; reuse the last cell rather than fail.
            g[s[Math.min(used[f]++, s.length - 1)]] = markers[i];
        }
        char[][] rows = new char[HEIGHT][WIDTH];
        for (int r = 0; r < HEIGHT; r++) {
            System.arraycopy(g, r * WIDTH, rows[r], 0, WIDTH);
        }
        return rows;
    }

    // ----------------------------------------------------------------------------------------------
    // Land tiles
    // ----------------------------------------------------------------------------------------------

    private void paintLand(TileType type, int[] edgeMask) {
        int n = type.features().size();
        for (int f = 0; f < n; f++) {
            if (type.feature(f).kind() == FeatureKind.CLOISTER) {
                for (int r = 1; r <= 3; r++) {
                    for (int c = 2; c <= 4; c++) {
                        set(cell(c, r), CLOISTER, f);
                    }
                }
            }
        }
        boolean crop = type.cropSymbol() != null;
        if (crop) {
            set(cell(CX, CY), CROP_CIRCLE, -1);
        }
        for (int f = 0; f < n; f++) {
            if (type.feature(f).kind() == FeatureKind.CITY) {
                paintCity(f, edgeMask[f]);
            }
        }
        int roads = 0, ending = 0;
        for (int f = 0; f < n; f++) {
            if (type.feature(f).kind() == FeatureKind.ROAD) {
                roads++;
                if (Integer.bitCount(edgeMask[f]) == 1) {
                    ending++;
                }
            }
        }
        // A bend may take the centre only when nothing else there needs it; otherwise it hugs its corner.
        boolean centreFree = roads == 1 && !crop && !type.hasCloister();
        for (int f = 0; f < n; f++) {
            if (type.feature(f).kind() != FeatureKind.ROAD) {
                continue;
            }
            int m = edgeMask[f];
            if (Integer.bitCount(m) == 1) {
                paintRoadEnd(f, Integer.numberOfTrailingZeros(m), roads == 1);
            } else if (m == (1 << N | 1 << S) || m == (1 << E | 1 << W)) {
                boolean vertical = m == (1 << N | 1 << S);
                int a = vertical ? N : E, b = vertical ? S : W;
                char ch = vertical ? ROAD_V : ROAD_H;
                for (int k : TO_CENTRE[a]) {
                    glyph[k] = ch;
                    owner[k] = f;
                }
                for (int k : TO_CENTRE[b]) {
                    glyph[k] = ch;
                    owner[k] = f;
                }
                glyph[cell(CX, CY)] = ch;
                owner[cell(CX, CY)] = f;
            } else if (Integer.bitCount(m) == 2) {
                int first = (m == (1 << N | 1 << W)) ? W : Integer.numberOfTrailingZeros(m);
                paintBend(f, first, centreFree);
            } else {
                // Three or four edges joined in one segment: arms through a shared centre.
                for (int d = 0; d < 4; d++) {
                    if ((m >> d & 1) != 0) {
                        for (int k : TO_CENTRE[d]) {
                            glyph[k] = d == N || d == S ? ROAD_V : ROAD_H;
                            owner[k] = f;
                        }
                    }
                }
                glyph[cell(CX, CY)] = CROSSING;
                owner[cell(CX, CY)] = f;
            }
        }
        if (ending >= 2 && glyph[cell(CX, CY)] == NOTHING) {
            glyph[cell(CX, CY)] = CROSSING;
        }
    }

    /** A city segment: the cells nearer to its edges than to any other edge, with shared corners and centre. */
    private void paintCity(int f, int mask) {
        boolean[] region = new boolean[CELLS];
        for (int r = 0; r < HEIGHT; r++) {
            for (int c = 0; c < WIDTH; c++) {
                int d = nearestEdge(c, r);
                if (d >= 0 && (mask >> d & 1) != 0) {
                    region[cell(c, r)] = true;
                }
            }
        }
        for (int d = 0; d < 4; d++) {
            if ((mask >> d & 1) != 0 && (mask >> ((d + 1) & 3) & 1) != 0) {
                region[CORNER[d]] = true;
            }
        }
        if (Integer.bitCount(mask) >= 2) {
            region[cell(CX, CY)] = true;
        } else if (mask == 1 << E || mask == 1 << W) {
            // Without its tip an east or west cap stays clear of a city on the opposite edge.
            region[cell(mask == 1 << E ? CX + 1 : CX - 1, CY)] = false;
        }
        // A city between two opposite edges is a band, not a bow tie.
        if (mask == (1 << E | 1 << W)) {
            for (int r = 1; r <= 3; r++) {
                for (int c = 0; c < WIDTH; c++) {
                    region[cell(c, r)] = true;
                }
            }
        } else if (mask == (1 << N | 1 << S)) {
            for (int r = 0; r < HEIGHT; r++) {
                for (int c = 2; c <= 4; c++) {
                    region[cell(c, r)] = true;
                }
            }
        }
        for (int k = 0; k < CELLS; k++) {
            if (!region[k] || glyph[k] != NOTHING) {
                continue;
            }
            // Two separate cities on one tile must not touch, or they would read as one.
            if (touchesOtherCity(k, f)) {
                continue;
            }
            set(k, CITY, f);
        }
    }

    private boolean touchesOtherCity(int k, int f) {
        int c = k % WIDTH, r = k / WIDTH;
        int[][] nb = {{c - 1, r}, {c + 1, r}, {c, r - 1}, {c, r + 1}};
        for (int[] p : nb) {
            if (p[0] >= 0 && p[0] < WIDTH && p[1] >= 0 && p[1] < HEIGHT) {
                int q = cell(p[0], p[1]);
                if (glyph[q] == CITY && owner[q] != f) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The edge a cell is nearest to, or -1 on a tie (the corners and the centre). Distances are scaled so
     * that the block's width (6 steps) and height (4 steps) count the same.
     */
    private static int nearestEdge(int c, int r) {
        int[] dist = {3 * r, 2 * (WIDTH - 1 - c), 3 * (HEIGHT - 1 - r), 2 * c};
        int best = -1, bestD = Integer.MAX_VALUE;
        boolean tie = false;
        for (int d = 0; d < 4; d++) {
            if (dist[d] < bestD) {
                bestD = dist[d];
                best = d;
                tie = false;
            } else if (dist[d] == bestD) {
                tie = true;
            }
        }
        return tie ? -1 : best;
    }

    /** A road that ends on the tile: from its edge towards the centre, stopping at whatever is in the way. */
    private void paintRoadEnd(int f, int d, boolean takeCentre) {
        char ch = d == N || d == S ? ROAD_V : ROAD_H;
        for (int k : TO_CENTRE[d]) {
            if (glyph[k] != NOTHING) {
                return;
            }
            set(k, ch, f);
        }
        int centre = cell(CX, CY);
        if (takeCentre && glyph[centre] == NOTHING) {
            set(centre, ch, f);
        }
    }

    /**
     * A road joining edge {@code first} and the next edge clockwise: an L through the centre, or (when the
     * centre is taken) a tight diagonal round the corner between them.
     */
    private void paintBend(int f, int first, boolean throughCentre) {
        int second = (first + 1) & 3;
        if (throughCentre) {
            for (int d : new int[] {first, second}) {
                for (int k : TO_CENTRE[d]) {
                    glyph[k] = d == N || d == S ? ROAD_V : ROAD_H;
                    owner[k] = f;
                }
            }
            glyph[cell(CX, CY)] = ROAD_H;
            owner[cell(CX, CY)] = f;
            return;
        }
        int[][] path;
        char[] chars;
        switch (first) {
            case N -> { // N-E
                path = new int[][] {{3, 0}, {4, 1}, {5, 2}, {6, 2}};
                chars = new char[] {ROAD_V, ROAD_BACKSLASH, ROAD_H, ROAD_H};
            }
            case E -> { // E-S
                path = new int[][] {{6, 2}, {5, 2}, {4, 3}, {3, 4}};
                chars = new char[] {ROAD_H, ROAD_H, ROAD_SLASH, ROAD_V};
            }
            case S -> { // S-W
                path = new int[][] {{3, 4}, {2, 3}, {1, 2}, {0, 2}};
                chars = new char[] {ROAD_V, ROAD_BACKSLASH, ROAD_H, ROAD_H};
            }
            default -> { // W-N
                path = new int[][] {{0, 2}, {1, 2}, {2, 1}, {3, 0}};
                chars = new char[] {ROAD_H, ROAD_H, ROAD_SLASH, ROAD_V};
            }
        }
        for (int i = 0; i < path.length; i++) {
            int k = cell(path[i][0], path[i][1]);
            glyph[k] = chars[i];
            owner[k] = f;
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Wheel of Fortune board squares
    // ----------------------------------------------------------------------------------------------

    /**
     * A board square shows landscape only in a strip two rows (or columns) deep along its landscape edges;
     * the rest belongs to the wheel. Board roads all end at the wheel.
     */
    private void paintBoardSquare(TileType type, int rot, int[] edgeMask) {
        for (int r = 0; r < HEIGHT; r++) {
            for (int c = 0; c < WIDTH; c++) {
                int k = cell(c, r);
                int city = -2; // -2: no landscape edge here yet
                boolean land = false, field = false;
                for (int d = 0; d < 4; d++) {
                    boolean inStrip = switch (d) {
                        case N -> r <= 1;
                        case E -> c >= WIDTH - 2;
                        case S -> r >= HEIGHT - 2;
                        default -> c <= 1;
                    };
                    EdgeType t = type.edgeAt(rot, d);
                    if (!inStrip || t == EdgeType.NONE) {
                        continue;
                    }
                    land = true;
                    if (t == EdgeType.CITY) {
                        int f = type.edgeFeature(rot, d);
                        city = city == -2 || city == f ? f : -1;
                    } else {
                        field = true;
                    }
                }
                if (!land) {
                    set(k, WHEEL, -1);
                } else if (!field && city >= 0) {
                    set(k, CITY, city);
                }
                // Otherwise field: left blank for paintFields.
            }
        }
        for (int f = 0; f < type.features().size(); f++) {
            if (type.feature(f).kind() == FeatureKind.ROAD) {
                for (int d = 0; d < 4; d++) {
                    if ((edgeMask[f] >> d & 1) != 0) {
                        paintRoadEnd(f, d, false);
                    }
                }
            }
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Fields and marker spots
    // ----------------------------------------------------------------------------------------------

    /** Every cell still blank becomes field, split between the field segments by growing from their half-edges. */
    private void paintFields(TileType type, int[] halfMask) {
        boolean anyField = false;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int h = 0; h < 8; h++) {
            for (int f = 0; f < halfMask.length; f++) {
                if ((halfMask[f] >> h & 1) == 0) {
                    continue;
                }
                anyField = true;
                for (int k : HALF_CELLS[h]) {
                    if (glyph[k] == NOTHING && owner[k] < 0) {
                        set(k, FIELD, f);
                        queue.add(k);
                    }
                }
            }
        }
        if (!anyField) {
            return;
        }
        while (!queue.isEmpty()) {
            int k = queue.poll();
            int c = k % WIDTH, r = k / WIDTH;
            int[][] nb = {{c - 1, r}, {c + 1, r}, {c, r - 1}, {c, r + 1}};
            for (int[] p : nb) {
                if (p[0] >= 0 && p[0] < WIDTH && p[1] >= 0 && p[1] < HEIGHT) {
                    int q = cell(p[0], p[1]);
                    if (glyph[q] == NOTHING) {
                        set(q, FIELD, owner[k]);
                        queue.add(q);
                    }
                }
            }
        }
        // Pockets no half-edge reaches (cut off by the drawing, not by the tile) are still field.
        for (int k = 0; k < CELLS; k++) {
            if (glyph[k] == NOTHING) {
                glyph[k] = FIELD;
            }
        }
    }

    /** The feature's cells, nearest to their own middle first; a fallback cell if the drawing gave it none. */
    private int[] orderSpots(int f, TileFeature tf, int edges, int halves) {
        List<Integer> cells = new ArrayList<>();
        int sumC = 0, sumR = 0;
        for (int k = 0; k < CELLS; k++) {
            if (owner[k] == f) {
                cells.add(k);
                sumC += k % WIDTH;
                sumR += k / WIDTH;
            }
        }
        if (cells.isEmpty()) {
            int k = cell(CX, CY);
            if (halves != 0) {
                k = HALF_CELLS[Integer.numberOfTrailingZeros(halves)][0];
            } else if (edges != 0) {
                k = TO_CENTRE[Integer.numberOfTrailingZeros(edges)][0];
            }
            return new int[] {k};
        }
        int m = cells.size();
        // Distances in units of 1/m cell, scaled like nearestEdge (a row is 1.5 columns tall).
        final int mc = sumC, mr = sumR;
        cells.sort((a, b) -> {
            long da = dist(a, mc, mr, m), db = dist(b, mc, mr, m);
            return da != db ? Long.compare(da, db) : Integer.compare(a, b);
        });
        int[] out = new int[m];
        for (int i = 0; i < m; i++) {
            out[i] = cells.get(i);
        }
        return out;
    }

    private static long dist(int k, int sumC, int sumR, int m) {
        long dc = 2L * (k % WIDTH * m - sumC), dr = 3L * (k / WIDTH * m - sumR);
        return dc * dc + dr * dr;
    }

    private void set(int k, char ch, int f) {
        glyph[k] = ch;
        owner[k] = f;
    }

    private static int cell(int c, int r) {
        return r * WIDTH + c;
    }
}
