package dev.fortuna.engine;

import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;

/**
 * Crop Circles I and II (C1), RULES.md §4.
 *
 * <p>Implements: the 12 tiles (data, {@code tiles/crop-circles.tiles}); the crop-circle step after placement,
 * deployment and scoring of a crop-circle tile: the active seat chooses add or remove for everybody, then each
 * seat from the active seat's left, the active seat last, adds a follower from its supply to a feature of the
 * symbol's kind where it already has one (optional; occupancy rule waived) or returns one of its followers of
 * that kind (mandatory). Seats with no follower of the kind on the landscape are skipped; if nobody has one,
 * the step is skipped. Nothing is scored afterwards; crown-space followers are never affected. Every choice is
 * an ordinary decision ({@link DecisionKind#CROP_CIRCLE_CHOICE}, {@code _ADD}, {@code _REMOVE}).
 *
 * <p>Options ({@link CropCircleOptions}): set I, set II, or both.
 */
final class CropCircles implements Expansion {

    /** The expansion's own state: the step in progress. */
    static final class State {
        int kind = -1; // FeatureKind ordinal affected by the current tile's symbol, -1 when no step is running
        int symbol = -1;
        int option = -1; // CropCircleOption ordinal once chosen
        int step; // 1..players: seat (active + step) % players acts

        State copy() {
            State s = new State();
            s.kind = kind;
            s.symbol = symbol;
            s.option = option;
            s.step = step;
            return s;
        }
    }

    @Override
    public ExpansionId id() {
        return ExpansionId.CROP_CIRCLES;
    }

    @Override
    public void setup(Rules.Builder b) {
        CropCircleOptions o = b.config.cropCircles();
        if (o.setI()) {
            b.add(TileCatalog.standard().cropCirclesI());
        }
        if (o.setII()) {
            b.add(TileCatalog.standard().cropCirclesII());
        }
    }

    @Override
    public boolean afterScoring(GameState g, int tileType) {
        TileType t = g.rules.types[tileType];
        CropSymbol sym = t.cropSymbol();
        if (sym == null) {
            return false;
        }
        int kind = sym.affects.ordinal();
        boolean anyone = false;
        for (int p = 0; p < g.rules.players && !anyone; p++) {
            anyone = hasFollowerOfKind(g, p, kind);
        }
        if (!anyone) {
            if (g.events != null) {
                g.events.add(new Event.CropCircleSkipped(Seat.of(g.active), sym));
            }
            return false;
        }
        State st = g.crop;
        st.kind = kind;
        st.symbol = sym.ordinal();
        st.option = -1;
        st.step = 0;
        g.setDecision(DecisionKind.CROP_CIRCLE_CHOICE, g.active);
        return true;
    }

    private static boolean hasFollowerOfKind(GameState g, int seat, int kind) {
        int base = seat * Rules.FOLLOWERS_PER_PLAYER;
        for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
            int loc = g.fLoc[base + i];
            if (loc >= 0 && g.segKind[loc] == kind) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean owns(DecisionKind kind) {
        return kind == DecisionKind.CROP_CIRCLE_CHOICE || kind == DecisionKind.CROP_CIRCLE_ADD
                || kind == DecisionKind.CROP_CIRCLE_REMOVE;
    }

    @Override
    public void legalActions(GameState g, IntList out) {
        State st = g.crop;
        switch (g.phase) {
            case CROP_CIRCLE_CHOICE -> {
                out.add(Action.pack(Action.TYPE_CROP_CHOICE, 0, 0, CropCircleOption.ADD.ordinal()));
                out.add(Action.pack(Action.TYPE_CROP_CHOICE, 0, 0, CropCircleOption.REMOVE.ordinal()));
            }
            case CROP_CIRCLE_ADD -> {
                // One option per feature that holds one of the seat's followers of the kind: named by the
                // square feature of the seat's first such follower (slot order). Declining comes last.
                int base = g.decider * Rules.FOLLOWERS_PER_PLAYER;
                IntList roots = new IntList(8);
                for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
                    int loc = g.fLoc[base + i];
                    if (loc >= 0 && g.segKind[loc] == st.kind) {
                        int r = g.find(loc);
                        if (!roots.contains(r)) {
                            roots.add(r);
                            int inst = g.segInst[loc];
                            out.add(Action.pack(Action.TYPE_ADD, g.instX[inst], g.instY[inst], g.segLocal[loc]));
                        }
                    }
                }
                out.add(Action.pack(Action.TYPE_PASS, 0, 0, 0));
            }
            case CROP_CIRCLE_REMOVE -> WheelOfFortune.returnOptions(g, g.decider, st.kind, out);
            default -> throw new IllegalStateException();
        }
    }

    @Override
    public void apply(GameState g, int code) {
        State st = g.crop;
        switch (g.phase) {
            case CROP_CIRCLE_CHOICE -> {
                st.option = Action.extraOf(code);
                if (g.events != null) {
                    g.events.add(new Event.CropCircleChosen(Seat.of(g.active), CropSymbol.values()[st.symbol],
                            CropCircleOption.values()[st.option]));
                }
            }
            case CROP_CIRCLE_ADD -> {
                if (Action.typeOf(code) == Action.TYPE_PASS) {
                    if (g.events != null) {
                        g.events.add(new Event.Declined(Seat.of(g.decider), false));
                    }
                } else {
                    int inst = g.instAt(Action.xOf(code), Action.yOf(code));
                    int seg = g.instSeg[inst] + Action.extraOf(code);
                    int slot = g.takeFromSupply(g.decider);
                    g.fLoc[slot] = seg;
                    g.rootFollowers[g.find(seg)]++;
                    if (g.events != null) {
                        TileType t = g.typeOf(g.instType[inst]);
                        g.events.add(new Event.FollowerAdded(Seat.of(g.decider), new Position(g.instX[inst],
                                g.instY[inst]), Action.extraOf(code), t.feature(Action.extraOf(code)).name(),
                                FeatureKind.values()[st.kind]));
                    }
                }
            }
            case CROP_CIRCLE_REMOVE ->
                    g.returnFollower(WheelOfFortune.slotAt(g, g.decider, code), Event.ReturnReason.CROP_CIRCLE);
            default -> throw new IllegalStateException();
        }
        st.step++;
        advance(g);
    }

    /** Finds the next seat that acts (from the active seat's left, the active seat last), or ends the turn. */
    private void advance(GameState g) {
        State st = g.crop;
        int n = g.rules.players;
        boolean add = st.option == CropCircleOption.ADD.ordinal();
        while (st.step <= n) {
            int seat = (g.active + st.step) % n;
            if (!hasFollowerOfKind(g, seat, st.kind)) {
                if (g.events != null) {
                    g.events.add(new Event.Skipped(Seat.of(seat),
                            add ? DecisionKind.CROP_CIRCLE_ADD : DecisionKind.CROP_CIRCLE_REMOVE,
                            "no " + FeatureKind.values()[st.kind].role + " on the landscape"));
                }
            } else if (add && g.supply[seat] == 0) {
                if (g.events != null) {
                    g.events.add(new Event.Declined(Seat.of(seat), true));
                }
            } else {
                g.setDecision(add ? DecisionKind.CROP_CIRCLE_ADD : DecisionKind.CROP_CIRCLE_REMOVE, seat);
                return;
            }
            st.step++;
        }
        st.kind = -1;
        st.symbol = -1;
        st.option = -1;
        st.step = 0;
        g.endTurn();
    }
}
