package dev.fortuna.engine;

import java.util.Arrays;

/**
 * Where every follower stands. Followers are slots {@code seat * 7 + i}, each in the supply ({@link #SUPPLY}), on a
 * segment of the {@link FeatureGraph} (&ge; 0) or on a spot off the landscape, a crown space {@code c} of the Wheel
 * of Fortune ({@code -2 - c}). Invariant: supply + landscape + spots = 7 for every seat; {@code spot[c]} is the slot
 * on spot c or -1, and agrees with the slots' locations; a feature root's follower count counts its slots.
 */
public final class Followers {
    public static final int PER_SEAT = 7;
    static final int SUPPLY = -1;

    int[] fLoc;
    int[] supply;
    /** The slot on each spot off the landscape (crown space), or -1. */
    int[] spot;

    Followers(int players, int spots) {
        fLoc = new int[players * PER_SEAT];
        Arrays.fill(fLoc, SUPPLY);
        supply = new int[players];
        Arrays.fill(supply, PER_SEAT);
        spot = new int[spots];
        Arrays.fill(spot, -1);
    }

    private Followers(Followers o) {
        fLoc = o.fLoc.clone();
        supply = o.supply.clone();
        spot = o.spot.length == 0 ? o.spot : o.spot.clone(); // no spots (no wheel): nothing to write, share it
    }

    Followers copy() {
        return new Followers(this);
    }

    /** Followers in the seat's supply. */
    public int supply(int seat) {
        return supply[seat];
    }

    /** How many slots there are (players × 7). */
    public int slots() {
        return fLoc.length;
    }

    /** The segment a slot stands on, or a negative number when it is not on the landscape. */
    public int location(int slot) {
        return fLoc[slot];
    }

    /** The slot on a spot off the landscape (crown space), or -1. */
    public int onSpot(int spot) {
        return this.spot[spot];
    }

    /** Takes a follower slot of the seat out of the supply (the caller sets its location). */
    private int takeFromSupply(int seat) {
        int base = seat * PER_SEAT;
        for (int i = 0; i < PER_SEAT; i++) {
            if (fLoc[base + i] == SUPPLY) {
                supply[seat]--;
                return base + i;
            }
        }
        throw new IllegalStateException("no follower in supply for seat " + seat);
    }

    /** Puts a follower of the seat from its supply on a segment (whatever the feature already holds). */
    public void deploy(int seat, int seg, FeatureGraph graph) {
        fLoc[takeFromSupply(seat)] = seg;
        graph.addFollower(seg);
    }

    /** Puts a follower of the seat from its supply on an empty spot off the landscape. */
    public void deployOnSpot(int seat, int spot) {
        int slot = takeFromSupply(seat);
        fLoc[slot] = -2 - spot;
        this.spot[spot] = slot;
    }

    /** Sends a slot back to its owner's supply, wherever it stands. */
    void toSupply(int slot, FeatureGraph graph) {
        int loc = fLoc[slot];
        if (loc >= 0) {
            graph.removeFollower(loc);
        } else if (loc <= -2) {
            spot[-2 - loc] = -1;
        }
        fLoc[slot] = SUPPLY;
        supply[slot / PER_SEAT]++;
    }

    /** Followers of a seat on the landscape (not in supply, not on spots). */
    public int onLandscape(int seat) {
        int n = 0;
        for (int i = 0; i < PER_SEAT; i++) {
            if (fLoc[seat * PER_SEAT + i] >= 0) {
                n++;
            }
        }
        return n;
    }

    /** Followers of a seat on spots off the landscape (crown spaces). */
    int onSpots(int seat) {
        int n = 0;
        for (int i = 0; i < PER_SEAT; i++) {
            if (fLoc[seat * PER_SEAT + i] <= -2) {
                n++;
            }
        }
        return n;
    }

    /** Whether the seat has a follower on the landscape on a feature of a kind ({@code FeatureKind} ordinal). */
    public boolean hasOnKind(int seat, int kind, FeatureGraph graph) {
        int base = seat * PER_SEAT;
        for (int i = 0; i < PER_SEAT; i++) {
            int loc = fLoc[base + i];
            if (loc >= 0 && graph.segKind[loc] == kind) {
                return true;
            }
        }
        return false;
    }

    /** Followers per seat in the feature with this root. */
    public int[] countsIn(int root, int players, FeatureGraph graph) {
        int[] c = new int[players];
        if (graph.rootFollowers[root] == 0) {
            return c;
        }
        for (int f = 0; f < fLoc.length; f++) {
            int loc = fLoc[f];
            if (loc >= 0 && graph.find(loc) == root) {
                c[f / PER_SEAT]++;
            }
        }
        return c;
    }

    /** Roots of features holding at least one follower (of a kind, or any with -1), in order of first slot. */
    public IntList occupiedRoots(int kindFilter, FeatureGraph graph) {
        IntList roots = new IntList(16);
        for (int f = 0; f < fLoc.length; f++) {
            int loc = fLoc[f];
            if (loc >= 0) {
                int r = graph.find(loc);
                if ((kindFilter < 0 || graph.segKind[r] == kindFilter) && !roots.contains(r)) {
                    roots.add(r);
                }
            }
        }
        return roots;
    }

    /**
     * Returning a follower of one's own choice (the Plague, a crop circle's removal): one
     * {@link Action.ReturnFollower} code per distinct square feature holding a follower of {@code seat} on the
     * landscape (on a feature of {@code kind}, or any kind with -1), in slot order.
     */
    public void returnOptions(int seat, int kind, Board board, FeatureGraph graph, IntList out) {
        int base = seat * PER_SEAT;
        for (int i = 0; i < PER_SEAT; i++) {
            int loc = fLoc[base + i];
            if (loc >= 0 && (kind < 0 || graph.segKind[loc] == kind)) {
                int inst = graph.segInst[loc];
                int code = Action.pack(Action.TYPE_RETURN, board.instX[inst], board.instY[inst], graph.segLocal[loc]);
                if (!out.contains(code)) {
                    out.add(code);
                }
            }
        }
    }

    /** The slot of {@code seat} standing on the square feature a return code (from {@link #returnOptions}) names. */
    public int slotNamedBy(int seat, int code, Board board, FeatureGraph graph) {
        int inst = board.instAt(Action.xOf(code), Action.yOf(code));
        int seg = graph.segment(inst, Action.extraOf(code));
        int base = seat * PER_SEAT;
        for (int i = 0; i < PER_SEAT; i++) {
            if (fLoc[base + i] == seg) {
                return base + i;
            }
        }
        throw new IllegalStateException("no follower of seat " + seat + " there");
    }
}
