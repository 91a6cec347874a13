package dev.fortuna.engine;

import java.util.Arrays;

/**
 * Where every follower stands. Followers are slots {@code seat * 7 + i}, each in the supply ({@link #SUPPLY}), on a
 * segment of the {@link FeatureGraph} (&ge; 0) or on a spot off the landscape, a crown space {@code c} of the Wheel
 * of Fortune ({@code -2 - c}). One array holds the slots' locations, after them the slot on each spot (or -1), and
 * after those each seat's supply, so that a copy clones it once. Besides, one bit mask per feature kind and one for
 * the spots say which slots stand there (bit f: slot f; 5 × 7 slots fit a long), so that the questions asked every
 * turn (any monk near the tile just placed, any follower of a kind, a free slot) look at those slots only.
 * Invariant: supply + landscape + spots = 7 for every seat; the spot entries agree with the slots' locations; a
 * seat's supply counts its slots in the supply; a slot's bit is set in exactly the mask of where it stands (the
 * kind of its segment, or the spots), in none in the supply; a feature root's follower count counts its slots.
 */
public final class Followers {
    public static final int PER_SEAT = 7;
    static final int SUPPLY = -1;

    /** The number of slots (players × 7). */
    private final int slots;
    /** Where the supplies start in {@link #fLoc}: after the slots and the spots. */
    private final int supplyAt;
    /**
     * Entries 0..slots-1: each slot's location; then per spot off the landscape (crown space) its slot or -1; then
     * per seat the followers in its supply.
     */
    int[] fLoc;
    /** The slots on features of each {@code FeatureKind} (by ordinal: road, city, field, cloister) and on spots. */
    private long roadSlots, citySlots, fieldSlots, cloisterSlots, spotSlots;

    Followers(int players, int spots) {
        slots = players * PER_SEAT;
        supplyAt = slots + spots;
        fLoc = new int[supplyAt + players];
        Arrays.fill(fLoc, 0, slots, SUPPLY);
        Arrays.fill(fLoc, slots, supplyAt, -1);
        Arrays.fill(fLoc, supplyAt, supplyAt + players, PER_SEAT);
    }

    private Followers(Followers o) {
        slots = o.slots;
        supplyAt = o.supplyAt;
        fLoc = o.fLoc.clone();
        roadSlots = o.roadSlots;
        citySlots = o.citySlots;
        fieldSlots = o.fieldSlots;
        cloisterSlots = o.cloisterSlots;
        spotSlots = o.spotSlots;
    }

    Followers copy() {
        return new Followers(this);
    }

    /** Followers in the seat's supply. */
    public int supply(int seat) {
        return fLoc[supplyAt + seat];
    }

    /** How many slots there are (players × 7). */
    public int slots() {
        return slots;
    }

    /** The segment a slot stands on, or a negative number when it is not on the landscape. */
    public int location(int slot) {
        return fLoc[slot];
    }

    /** The slot on a spot off the landscape (crown space), or -1. */
    public int onSpot(int spot) {
        return fLoc[slots + spot];
    }

    /** The slots standing on features of a kind ({@code FeatureKind} ordinal), as bits (bit f: slot f). */
    public long slotsOn(int kind) {
        return switch (kind) {
            case 0 -> roadSlots;
            case 1 -> citySlots;
            case 2 -> fieldSlots;
            default -> cloisterSlots;
        };
    }

    /** The slots standing on the landscape, as bits (bit f: slot f). */
    private long landscapeSlots() {
        return roadSlots | citySlots | fieldSlots | cloisterSlots;
    }

    /** A seat's seven bits of a slot mask, shifted down to bits 0–6. */
    private static int ofSeat(long mask, int seat) {
        return (int) (mask >>> seat * PER_SEAT) & (1 << PER_SEAT) - 1;
    }

    /** Takes a follower slot of the seat out of the supply (the caller sets its location and mask bit). */
    private int takeFromSupply(int seat) {
        int free = ~ofSeat(landscapeSlots() | spotSlots, seat) & (1 << PER_SEAT) - 1;
        if (free == 0) {
            throw new IllegalStateException("no follower in supply for seat " + seat);
        }
        fLoc[supplyAt + seat]--;
        return seat * PER_SEAT + Integer.numberOfTrailingZeros(free);
    }

    /** Puts a follower of the seat from its supply on a segment (whatever the feature already holds). */
    public void deploy(int seat, int seg, FeatureGraph graph) {
        int slot = takeFromSupply(seat);
        fLoc[slot] = seg;
        long bit = 1L << slot;
        switch (graph.kind(seg)) {
            case 0 -> roadSlots |= bit;
            case 1 -> citySlots |= bit;
            case 2 -> fieldSlots |= bit;
            default -> cloisterSlots |= bit;
        }
        graph.addFollower(seg);
    }

    /** Puts a follower of the seat from its supply on an empty spot off the landscape. */
    public void deployOnSpot(int seat, int spot) {
        int slot = takeFromSupply(seat);
        fLoc[slot] = -2 - spot;
        fLoc[slots + spot] = slot;
        spotSlots |= 1L << slot;
    }

    /** Sends a slot back to its owner's supply, wherever it stands. */
    void toSupply(int slot, FeatureGraph graph) {
        int loc = fLoc[slot];
        if (loc >= 0) {
            graph.removeFollower(loc);
        } else if (loc <= -2) {
            fLoc[slots + (-2 - loc)] = -1;
        }
        fLoc[slot] = SUPPLY;
        fLoc[supplyAt + slot / PER_SEAT]++;
        long keep = ~(1L << slot);
        roadSlots &= keep;
        citySlots &= keep;
        fieldSlots &= keep;
        cloisterSlots &= keep;
        spotSlots &= keep;
    }

    /** Followers of a seat on the landscape (not in supply, not on spots). */
    public int onLandscape(int seat) {
        return Integer.bitCount(ofSeat(landscapeSlots(), seat));
    }

    /** Followers of a seat on spots off the landscape (crown spaces). */
    int onSpots(int seat) {
        return Integer.bitCount(ofSeat(spotSlots, seat));
    }

    /** Whether the seat has a follower on the landscape on a feature of a kind ({@code FeatureKind} ordinal). */
    public boolean hasOnKind(int seat, int kind) {
        return ofSeat(slotsOn(kind), seat) != 0;
    }

    /** Followers per seat in the feature with this root. */
    public int[] countsIn(int root, int players, FeatureGraph graph) {
        int[] c = new int[players];
        countsInto(root, players, graph, c);
        return c;
    }

    /** {@link #countsIn} into {@code c[0..players)} (overwritten), without allocating. */
    void countsInto(int root, int players, FeatureGraph graph, int[] c) {
        Arrays.fill(c, 0, players, 0);
        if (graph.rootFollowers[root] == 0) {
            return;
        }
        for (long m = slotsOn(graph.kind(root)); m != 0; m &= m - 1) {
            int f = Long.numberOfTrailingZeros(m);
            if (graph.find(fLoc[f]) == root) {
                c[f / PER_SEAT]++;
            }
        }
    }

    /** Roots of features holding at least one follower (of a kind, or any with -1), in order of first slot. */
    public IntList occupiedRoots(int kindFilter, FeatureGraph graph) {
        IntList roots = new IntList(16);
        for (long m = kindFilter < 0 ? landscapeSlots() : slotsOn(kindFilter); m != 0; m &= m - 1) {
            int r = graph.find(fLoc[Long.numberOfTrailingZeros(m)]);
            if (!roots.contains(r)) {
                roots.add(r);
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
            if (loc >= 0 && (kind < 0 || graph.kind(loc) == kind)) {
                int inst = graph.segInst[loc];
                int code = Action.pack(Action.TYPE_RETURN, board.instX[inst], board.instY[inst], graph.local(loc));
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
