package dev.fortuna.engine;

import dev.fortuna.engine.tile.TileType;

/**
 * What an expansion's hooks may see and do in one game: read the landscape, the features and the followers, score,
 * report events, move followers, and open a decision. Only the state hands one out (to its expansions), so a
 * library user never gets at these mutators.
 */
public final class ExpansionContext {
    private final GameState g;

    ExpansionContext(GameState g) {
        this.g = g;
    }

    public GameConfig config() {
        return g.rules.config;
    }

    public int players() {
        return g.rules.players;
    }

    /** The seat whose turn it is (who drew the current tile). */
    public int active() {
        return g.active;
    }

    /** The seat that decides now. */
    public int decider() {
        return g.decider;
    }

    /** The kind of decision being made now. */
    public DecisionKind decision() {
        return g.phase;
    }

    /** The game's tile type with this index. */
    public TileType tileType(int typeIndex) {
        return g.rules.types[typeIndex];
    }

    public Board board() {
        return g.board;
    }

    public FeatureGraph features() {
        return g.graph;
    }

    public Followers followers() {
        return g.followers;
    }

    /** Crown spaces of a sector ({@code Sector} ordinal) and the index of its first one among all crown spaces. */
    public int crownCount(int sector) {
        return g.rules.crownCount[sector];
    }

    public int crownBase(int sector) {
        return g.rules.crownBase[sector];
    }

    public void addScore(int seat, int points, ScoreKind kind) {
        g.scores.add(seat, points, kind);
    }

    /** Whether events are being collected now; build an event only when they are. */
    public boolean recording() {
        return g.events != null;
    }

    /** Reports an event (only call when {@link #recording()}). */
    public void emit(Event e) {
        g.events.add(e);
    }

    /** The seat's follower on a spot or the landscape goes home (reported as a {@link Event.FollowerReturned}). */
    public void returnFollower(int slot, Event.ReturnReason reason) {
        g.returnFollower(slot, reason);
    }

    /** The next decision is {@code kind}, taken by {@code seat}; the hook that calls this returns true. */
    public void openDecision(DecisionKind kind, int seat) {
        g.setDecision(kind, seat);
    }
}
