package dev.fortuna.engine.cropcircles;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.Board;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Expansion;
import dev.fortuna.engine.ExpansionContext;
import dev.fortuna.engine.ExpansionState;
import dev.fortuna.engine.FeatureGraph;
import dev.fortuna.engine.Followers;
import dev.fortuna.engine.GameSetup;
import dev.fortuna.engine.IntList;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;

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
public final class CropCircles implements Expansion {
    private static final FeatureKind[] KINDS = FeatureKind.values();

    /** The expansion's own state: the step in progress. Invariant: all fields are -1 / 0 when no step runs. */
    static final class State implements ExpansionState {
        int kind = -1; // FeatureKind ordinal affected by the current tile's symbol, -1 when no step is running
        int symbol = -1;
        int option = -1; // CropCircleOption ordinal once chosen
        int step; // 1..players: seat (active + step) % players acts

        @Override
        public State copy() {
            State s = new State();
            s.kind = kind;
            s.symbol = symbol;
            s.option = option;
            s.step = step;
            return s;
        }
    }

    @Override
    public void setup(GameSetup b) {
        CropCircleOptions o = b.config().cropCircles();
        if (o.setI()) {
            b.add(TileCatalog.standard().cropCirclesI());
        }
        if (o.setII()) {
            b.add(TileCatalog.standard().cropCirclesII());
        }
    }

    @Override
    public ExpansionState newState(ExpansionContext g) {
        return new State();
    }

    @Override
    public boolean afterScoring(ExpansionContext g, ExpansionState state, int tileType) {
        CropSymbol sym = g.tileType(tileType).cropSymbol();
        if (sym == null) {
            return false;
        }
        int kind = sym.affects.ordinal();
        boolean anyone = false;
        for (int p = 0; p < g.players() && !anyone; p++) {
            anyone = g.followers().hasOnKind(p, kind);
        }
        if (!anyone) {
            if (g.recording()) {
                g.emit(new Event.CropCircleSkipped(Seat.of(g.active()), sym));
            }
            return false;
        }
        State st = (State) state;
        st.kind = kind;
        st.symbol = sym.ordinal();
        st.option = -1;
        st.step = 0;
        g.openDecision(DecisionKind.CROP_CIRCLE_CHOICE, g.active());
        return true;
    }

    @Override
    public boolean owns(DecisionKind kind) {
        return kind == DecisionKind.CROP_CIRCLE_CHOICE || kind == DecisionKind.CROP_CIRCLE_ADD
                || kind == DecisionKind.CROP_CIRCLE_REMOVE;
    }

    @Override
    public void legalActions(ExpansionContext g, ExpansionState state, IntList out) {
        State st = (State) state;
        switch (g.decision()) {
            case CROP_CIRCLE_CHOICE -> {
                out.add(Action.pack(Action.TYPE_CROP_CHOICE, 0, 0, CropCircleOption.ADD.ordinal()));
                out.add(Action.pack(Action.TYPE_CROP_CHOICE, 0, 0, CropCircleOption.REMOVE.ordinal()));
            }
            case CROP_CIRCLE_ADD -> {
                // One option per feature that holds one of the seat's followers of the kind: named by the
                // square feature of the seat's first such follower (slot order). Declining comes last.
                Followers followers = g.followers();
                FeatureGraph graph = g.features();
                Board board = g.board();
                int base = g.decider() * Followers.PER_SEAT;
                IntList roots = new IntList(8);
                for (int i = 0; i < Followers.PER_SEAT; i++) {
                    int loc = followers.location(base + i);
                    if (loc >= 0 && graph.kind(loc) == st.kind) {
                        int r = graph.find(loc);
                        if (!roots.contains(r)) {
                            roots.add(r);
                            int inst = graph.square(loc);
                            out.add(Action.pack(Action.TYPE_ADD, board.x(inst), board.y(inst), graph.local(loc)));
                        }
                    }
                }
                out.add(Action.pack(Action.TYPE_PASS, 0, 0, 0));
            }
            case CROP_CIRCLE_REMOVE -> g.followers().returnOptions(g.decider(), st.kind, g.board(), g.features(), out);
            default -> throw new IllegalStateException();
        }
    }

    @Override
    public boolean apply(ExpansionContext g, ExpansionState state, int code) {
        State st = (State) state;
        switch (g.decision()) {
            case CROP_CIRCLE_CHOICE -> {
                st.option = Action.extraOf(code);
                if (g.recording()) {
                    g.emit(new Event.CropCircleChosen(Seat.of(g.active()), CropSymbol.values()[st.symbol],
                            CropCircleOption.values()[st.option]));
                }
            }
            case CROP_CIRCLE_ADD -> {
                if (Action.typeOf(code) == Action.TYPE_PASS) {
                    if (g.recording()) {
                        g.emit(new Event.Declined(Seat.of(g.decider()), false));
                    }
                } else {
                    Board board = g.board();
                    int inst = board.instAt(Action.xOf(code), Action.yOf(code));
                    int feature = Action.extraOf(code);
                    g.followers().deploy(g.decider(), g.features().segment(inst, feature), g.features());
                    if (g.recording()) {
                        g.emit(new Event.FollowerAdded(Seat.of(g.decider()), new Position(board.x(inst),
                                board.y(inst)), feature, board.type(inst).feature(feature).name(), KINDS[st.kind]));
                    }
                }
            }
            case CROP_CIRCLE_REMOVE -> g.returnFollower(
                    g.followers().slotNamedBy(g.decider(), code, g.board(), g.features()),
                    Event.ReturnReason.CROP_CIRCLE);
            default -> throw new IllegalStateException();
        }
        st.step++;
        return advance(g, st);
    }

    /**
     * Opens the decision of the next seat that acts (from the active seat's left, the active seat last); false when
     * every seat is done (the step is over and the turn goes on).
     */
    private boolean advance(ExpansionContext g, State st) {
        int n = g.players();
        boolean add = st.option == CropCircleOption.ADD.ordinal();
        while (st.step <= n) {
            int seat = (g.active() + st.step) % n;
            if (!g.followers().hasOnKind(seat, st.kind)) {
                if (g.recording()) {
                    g.emit(new Event.Skipped(Seat.of(seat),
                            add ? DecisionKind.CROP_CIRCLE_ADD : DecisionKind.CROP_CIRCLE_REMOVE, KINDS[st.kind]));
                }
            } else if (add && g.followers().supply(seat) == 0) {
                if (g.recording()) {
                    g.emit(new Event.Declined(Seat.of(seat), true));
                }
            } else {
                g.openDecision(add ? DecisionKind.CROP_CIRCLE_ADD : DecisionKind.CROP_CIRCLE_REMOVE, seat);
                return true;
            }
            st.step++;
        }
        st.kind = -1;
        st.symbol = -1;
        st.option = -1;
        st.step = 0;
        return false;
    }
}
