package dev.fortuna.engine;

import dev.fortuna.engine.tile.TileType;
import java.util.Arrays;

/**
 * The squares of the landscape and the empty squares next to it.
 *
 * <p>Placed squares are <em>instances</em> 0..n-1 in placement order (the start piece first; the first
 * {@link #boardInstances()} are wheel-board squares). A dynamic grid covering the bounding box plus a margin maps
 * positions to instances; a sorted array holds the open positions (empty squares next to the landscape), each with
 * the constraint its neighbours impose, so that a tile type's table ({@code TileType.fits}) answers which rotations
 * fit there. Everything is flat arrays so that a copy is a handful of clones. Invariants: an open position is empty
 * and shares an edge with an instance; every empty square sharing an edge with an instance is open; the grid holds
 * the 3×3 block around every instance ({@link #ensureGrid}), so neighbours of a placed square are read unchecked.
 */
public final class Board {
    private static final int KEY_OFFSET = 2048;

    /** Tile types by type index: the game's tile types, then the wheel board's squares (shared, never written). */
    private final TileType[] squareTypes;
    private static final int[] NONE = new int[0];

    int nInst;
    // Squares stay far below 32,767, so shorts halve what a copy has to clone.
    /** Per instance: its type index times 4 plus its rotation ({@link #typeIndex}, {@link #rotation}). */
    short[] instTypeRot;
    short[] instX, instY;
    int boardInstances;
    private int gx0, gy0, gw, gh;
    private short[] grid;
    /**
     * The open positions in pairs, sorted by key (north to south, west to east): entry {@code 2i} is position i's key,
     * entry {@code 2i + 1} the constraint its neighbours impose ({@code TileType.fits}); one array, so one clone.
     */
    private int[] open;
    private int openCount;
    /** Transient, not copied: with {@link #countPlacements}, the placements before each open position. */
    private int[] openCum = NONE;

    Board(TileType[] squareTypes, int maxInstances) {
        this.squareTypes = squareTypes;
        instTypeRot = new short[maxInstances];
        instX = new short[maxInstances];
        instY = new short[maxInstances];
        gx0 = -8;
        gy0 = -8;
        gw = 20;
        gh = 20;
        grid = new short[gw * gh];
        open = new int[128];
    }

    private Board(Board o) {
        squareTypes = o.squareTypes;
        nInst = o.nInst;
        instTypeRot = o.instTypeRot.clone();
        instX = o.instX.clone();
        instY = o.instY.clone();
        boardInstances = o.boardInstances;
        gx0 = o.gx0;
        gy0 = o.gy0;
        gw = o.gw;
        gh = o.gh;
        grid = o.grid.clone();
        open = o.open.clone();
        openCount = o.openCount;
    }

    Board copy() {
        return new Board(this);
    }

    /** The number of placed squares (start piece included). */
    public int squares() {
        return nInst;
    }

    /** The first {@code boardInstances()} squares are the wheel board's (0 without it). */
    public int boardInstances() {
        return boardInstances;
    }

    public int x(int inst) {
        return instX[inst];
    }

    public int y(int inst) {
        return instY[inst];
    }

    public int rotation(int inst) {
        return instTypeRot[inst] & 3;
    }

    public TileType type(int inst) {
        return squareTypes[instTypeRot[inst] >> 2];
    }

    /** The type index of an instance (as in {@code Rules.squareTypes}). */
    int typeIndex(int inst) {
        return instTypeRot[inst] >> 2;
    }

    /** The instance at (x, y), or -1 for an empty square. */
    public int instAt(int x, int y) {
        int ix = x - gx0, iy = y - gy0;
        if (ix < 0 || iy < 0 || ix >= gw || iy >= gh) {
            return -1;
        }
        return grid[iy * gw + ix] - 1;
    }

    /** The instance next to placed instance {@code inst} across edge {@code d} (N, E, S, W), or -1 for an empty square. */
    int neighbour(int inst, int d) {
        return grid[cell(instX[inst], instY[inst]) + step(d)] - 1;
    }

    /** The grid index of (x, y), which must be inside the grid. */
    private int cell(int x, int y) {
        return (y - gy0) * gw + (x - gx0);
    }

    /** The grid index offset towards the neighbour across edge {@code d} (N, E, S, W; y grows southwards). */
    private int step(int d) {
        return d == 0 ? -gw : d == 1 ? 1 : d == 2 ? gw : -1;
    }

    private static int key(int x, int y) {
        return (y + KEY_OFFSET) << 12 | (x + KEY_OFFSET);
    }

    /** The key of the square south of a square is the key of that square plus this (east: plus 1). */
    private static final int KEY_ROW = 1 << 12;

    boolean isOpen(int x, int y) {
        return openIndex(x, y) >= 0;
    }

    /** The index of an open position (pair {@code i} of {@code open}), or a negative number. */
    private int openIndex(int x, int y) {
        return search(key(x, y), 0, openCount);
    }

    /**
     * The index of the open position with key k among positions from..to-1, or {@code -(insertion point) - 1} when
     * there is none (the caller knows that it would be there if it were open).
     */
    private int search(int k, int from, int to) {
        int lo = from, hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = open[2 * mid];
            if (v < k) {
                lo = mid + 1;
            } else if (v > k) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** The constraint the neighbours of the empty square at (x, y) impose (0 for a square with no neighbour). */
    int constraintAt(int x, int y) {
        int i = openIndex(x, y);
        return i >= 0 ? open[2 * i + 1] : 0;
    }

    private void ensureGrid(int x, int y) {
        if (x - 1 >= gx0 && y - 1 >= gy0 && x + 1 < gx0 + gw && y + 1 < gy0 + gh) {
            return;
        }
        int minX = Math.min(gx0, x - 8), minY = Math.min(gy0, y - 8);
        int maxX = Math.max(gx0 + gw - 1, x + 8), maxY = Math.max(gy0 + gh - 1, y + 8);
        int nw = maxX - minX + 1, nh = maxY - minY + 1;
        short[] ng = new short[nw * nh];
        for (int iy = 0; iy < gh; iy++) {
            System.arraycopy(grid, iy * gw, ng, (iy + gy0 - minY) * nw + (gx0 - minX), gw);
        }
        grid = ng;
        gx0 = minX;
        gy0 = minY;
        gw = nw;
        gh = nh;
    }

    /** Puts a square of a type at (x, y) turned by r and updates the open positions; returns its instance. */
    int put(int type, int x, int y, int r) {
        ensureGrid(x, y);
        int inst = nInst++;
        instTypeRot[inst] = (short) (type << 2 | r);
        instX[inst] = (short) x;
        instY[inst] = (short) y;
        int c = cell(x, y);
        grid[c] = (short) (inst + 1);
        TileType t = squareTypes[type];
        int k = key(x, y);
        // Each empty neighbour becomes (or stays) open, and its edge facing us (opposite of d) must show what our
        // edge d shows. The open positions before index i have smaller keys than (x, y) and the others larger, so the
        // western neighbour (key k - 1) can only be the one just before i, the eastern (k + 1) the one at i, the
        // northern (a row less) one before i and the southern one from i on: two searches of part of the positions
        // and two looks instead of four searches of all. North and west come first, as an insertion there moves i.
        int i = removeOpen(k);
        if (grid[c - gw] == 0) {
            i += touch(k - KEY_ROW, 0, i, term(t, r, 0));
        }
        if (grid[c - 1] == 0) {
            i += touch(k - 1, Math.max(i - 1, 0), i, term(t, r, 3));
        }
        if (grid[c + 1] == 0) {
            touch(k + 1, i, Math.min(i + 1, openCount), term(t, r, 1));
        }
        if (grid[c + gw] == 0) {
            touch(k + KEY_ROW, i, openCount, term(t, r, 2));
        }
        return inst;
    }

    /** The constraint that edge d of type t turned r puts on the empty neighbour across it. */
    private static int term(TileType t, int r, int d) {
        return TileType.constraintTerm((d + 2) & 3, t.edgeAt(r, d));
    }

    /**
     * Adds a constraint term to the open position with key k, which is among positions lo..hi-1 if it is open
     * already (otherwise it is opened there, in key order, with constraint 0 before the term). Returns 1 when it was
     * opened, else 0.
     */
    private int touch(int k, int lo, int hi, int term) {
        int i = search(k, lo, hi), opened = 0;
        if (i < 0) {
            i = -i - 1;
            if (2 * openCount == open.length) {
                open = Arrays.copyOf(open, open.length * 2);
            }
            System.arraycopy(open, 2 * i, open, 2 * i + 2, 2 * (openCount - i));
            open[2 * i] = k;
            open[2 * i + 1] = 0;
            openCount++;
            opened = 1;
        }
        open[2 * i + 1] += term;
        return opened;
    }

    /**
     * Closes the open position with key k if there is one; returns the index it had, or where it would go: the
     * positions before that index have smaller keys, those from it on larger ones.
     */
    private int removeOpen(int k) {
        int i = search(k, 0, openCount);
        if (i < 0) {
            return -i - 1;
        }
        System.arraycopy(open, 2 * i + 2, open, 2 * i, 2 * (openCount - i - 1));
        openCount--;
        return i;
    }

    /**
     * The legal placements of a tile type, in the order of open positions (north to south, west to east)
     * and rotations; symmetric rotations that look the same are listed once.
     */
    void placements(TileType t, IntList out) {
        int[] rots = t.canonicalRotations();
        for (int i = 0; i < openCount; i++) {
            int bits = t.fits(open[2 * i + 1]);
            while (bits != 0) {
                int j = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int k = open[2 * i];
                out.add(Action.pack(Action.TYPE_PLACE, (k & 0xFFF) - KEY_OFFSET, (k >>> 12) - KEY_OFFSET, rots[j]));
            }
        }
    }

    /**
     * Counts the placements without building the list (same order as {@link #placements}), and notes in
     * {@code openCum[i]} how many come before open position i, so that {@link #placementAt} can find one by binary
     * search.
     */
    int countPlacements(TileType t) {
        if (openCum.length < openCount + 1) {
            openCum = new int[open.length / 2 + 1];
        }
        int n = 0;
        for (int i = 0; i < openCount; i++) {
            openCum[i] = n;
            n += Integer.bitCount(t.fits(open[2 * i + 1]));
        }
        openCum[openCount] = n;
        return n;
    }

    /** The code of placement {@code index} (0 &le; index &lt; {@link #countPlacements}, which ran last for t). */
    int placementAt(TileType t, int index) {
        int lo = 0, hi = openCount - 1; // the last i with openCum[i] <= index
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (openCum[mid] <= index) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int bits = t.fits(open[2 * lo + 1]);
        for (int skip = index - openCum[lo]; skip > 0; skip--) {
            bits &= bits - 1;
        }
        int k = open[2 * lo];
        return Action.pack(Action.TYPE_PLACE, (k & 0xFFF) - KEY_OFFSET, (k >>> 12) - KEY_OFFSET,
                t.canonicalRotations()[Integer.numberOfTrailingZeros(bits)]);
    }

    /** Number of occupied squares in the 3×3 block centred on an instance (itself included). */
    public int occupiedAround(int inst) {
        int c = cell(instX[inst], instY[inst]), n = 0;
        for (int row = c - gw; row <= c + gw; row += gw) {
            for (int i = row - 1; i <= row + 1; i++) {
                if (grid[i] != 0) {
                    n++;
                }
            }
        }
        return n;
    }

    /** As {@link #occupiedAround}, but all wheel-board squares in the block count as one square together. */
    int occupiedAroundBoardAsOne(int inst) {
        int x = instX[inst], y = instY[inst], n = 0;
        boolean board = false;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int i = instAt(x + dx, y + dy);
                if (i >= 0) {
                    if (i < boardInstances) {
                        board = true;
                    } else {
                        n++;
                    }
                }
            }
        }
        return n + (board ? 1 : 0);
    }
}
