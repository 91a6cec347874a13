package dev.fortuna.engine;

import dev.fortuna.engine.tile.Edge;
import dev.fortuna.engine.tile.TileType;
import java.util.Arrays;

/**
 * The squares of the landscape and the empty squares next to it.
 *
 * <p>Placed squares are <em>instances</em> 0..n-1 in placement order (the start piece first; the first
 * {@link #boardInstances()} are wheel-board squares). A dynamic grid covering the bounding box plus a margin maps
 * positions to instances; a sorted array holds the open positions (empty squares next to the landscape), each with
 * the constraint its neighbours impose, so that a tile type's table ({@code TileType.fits}) answers which rotations
 * fit there. Everything is flat arrays so that a copy is a handful of clones. Invariant: an open position is empty
 * and shares an edge with an instance; every empty square sharing an edge with an instance is open.
 */
public final class Board {
    private static final int KEY_OFFSET = 2048;

    /** Tile types by type index: the game's tile types, then the wheel board's squares (shared, never written). */
    private final TileType[] squareTypes;
    int nInst;
    // Squares stay far below 32,767, so shorts halve what a copy has to clone.
    short[] instType, instRot, instX, instY;
    int boardInstances;
    private int gx0, gy0, gw, gh;
    private short[] grid;
    private int[] open;
    /** Per open position (parallel to {@code open}): the constraint its neighbours impose (TileType.fits). */
    private int[] openCid;
    private int openCount;
    /** Transient, not copied: with {@link #countPlacements}, the placements before each open position. */
    private int[] openCum = new int[0];

    Board(TileType[] squareTypes, int maxInstances) {
        this.squareTypes = squareTypes;
        instType = new short[maxInstances];
        instRot = new short[maxInstances];
        instX = new short[maxInstances];
        instY = new short[maxInstances];
        gx0 = -8;
        gy0 = -8;
        gw = 20;
        gh = 20;
        grid = new short[gw * gh];
        open = new int[64];
        openCid = new int[64];
    }

    private Board(Board o) {
        squareTypes = o.squareTypes;
        nInst = o.nInst;
        instType = o.instType.clone();
        instRot = o.instRot.clone();
        instX = o.instX.clone();
        instY = o.instY.clone();
        boardInstances = o.boardInstances;
        gx0 = o.gx0;
        gy0 = o.gy0;
        gw = o.gw;
        gh = o.gh;
        grid = o.grid.clone();
        open = o.open.clone();
        openCid = o.openCid.clone();
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
        return instRot[inst];
    }

    public TileType type(int inst) {
        return squareTypes[instType[inst]];
    }

    /** The instance at (x, y), or -1 for an empty square. */
    public int instAt(int x, int y) {
        int ix = x - gx0, iy = y - gy0;
        if (ix < 0 || iy < 0 || ix >= gw || iy >= gh) {
            return -1;
        }
        return grid[iy * gw + ix] - 1;
    }

    private static int key(int x, int y) {
        return (y + KEY_OFFSET) << 12 | (x + KEY_OFFSET);
    }

    boolean isOpen(int x, int y) {
        return openIndex(x, y) >= 0;
    }

    /** The index of an open position in {@code open} and {@code openCid}, or a negative number. */
    private int openIndex(int x, int y) {
        return Arrays.binarySearch(open, 0, openCount, key(x, y));
    }

    /** The constraint the neighbours of the empty square at (x, y) impose (0 for a square with no neighbour). */
    int constraintAt(int x, int y) {
        int i = openIndex(x, y);
        return i >= 0 ? openCid[i] : 0;
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
        instType[inst] = (short) type;
        instRot[inst] = (short) r;
        instX[inst] = (short) x;
        instY[inst] = (short) y;
        grid[(y - gy0) * gw + (x - gx0)] = (short) (inst + 1);
        removeOpen(key(x, y));
        TileType t = squareTypes[type];
        for (int d = 0; d < 4; d++) {
            Edge e = Edge.of(d);
            int nx = x + e.dx(), ny = y + e.dy();
            if (instAt(nx, ny) < 0) {
                // The empty neighbour's edge facing us (opposite of d) must show what our edge d shows.
                int i = addOpen(key(nx, ny));
                openCid[i] += TileType.constraintTerm((d + 2) & 3, t.edgeAt(r, d));
            }
        }
        return inst;
    }

    /** Adds an open position (if new) and returns its index in the sorted arrays. */
    private int addOpen(int k) {
        int i = Arrays.binarySearch(open, 0, openCount, k);
        if (i >= 0) {
            return i;
        }
        i = -i - 1;
        if (openCount == open.length) {
            open = Arrays.copyOf(open, open.length * 2);
            openCid = Arrays.copyOf(openCid, open.length);
        }
        int tail = openCount - i;
        System.arraycopy(open, i, open, i + 1, tail);
        System.arraycopy(openCid, i, openCid, i + 1, tail);
        open[i] = k;
        openCid[i] = 0;
        openCount++;
        return i;
    }

    private void removeOpen(int k) {
        int i = Arrays.binarySearch(open, 0, openCount, k);
        if (i < 0) {
            return;
        }
        int tail = openCount - i - 1;
        System.arraycopy(open, i + 1, open, i, tail);
        System.arraycopy(openCid, i + 1, openCid, i, tail);
        openCount--;
    }

    /**
     * The legal placements of a tile type, in the order of open positions (north to south, west to east)
     * and rotations; symmetric rotations that look the same are listed once.
     */
    void placements(TileType t, IntList out) {
        int[] rots = t.canonicalRotations();
        for (int i = 0; i < openCount; i++) {
            int bits = t.fits(openCid[i]);
            while (bits != 0) {
                int j = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int k = open[i];
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
            openCum = new int[open.length + 1];
        }
        int n = 0;
        for (int i = 0; i < openCount; i++) {
            openCum[i] = n;
            n += Integer.bitCount(t.fits(openCid[i]));
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
        int bits = t.fits(openCid[lo]);
        for (int skip = index - openCum[lo]; skip > 0; skip--) {
            bits &= bits - 1;
        }
        int k = open[lo];
        return Action.pack(Action.TYPE_PLACE, (k & 0xFFF) - KEY_OFFSET, (k >>> 12) - KEY_OFFSET,
                t.canonicalRotations()[Integer.numberOfTrailingZeros(bits)]);
    }

    /** Number of occupied squares in the 3×3 block centred on an instance (itself included). */
    public int occupiedAround(int inst) {
        int x = instX[inst], y = instY[inst], n = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (instAt(x + dx, y + dy) >= 0) {
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
