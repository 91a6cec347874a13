package dev.fortuna.engine;

/**
 * An expansion plug-in. The engine's turn is one fixed pipeline in {@link GameState} (draw → after-draw hooks →
 * place or discard → deploy → score → after-scoring hooks → end of turn); an expansion joins it through these hooks
 * and may own decision kinds of its own. Every expansion is listed in the one registry, {@link Expansions}; an
 * expansion lives in a package of its own and sees the game only through its {@link ExpansionContext}.
 *
 * <p>A hook that opens a decision ({@link ExpansionContext#openDecision}) returns true; the pipeline then waits.
 * When the expansion's {@link #apply} returns false, its decisions are done and the pipeline goes on from the hook
 * that opened them. An expansion never drives the pipeline itself.
 *
 * <p>An expansion object holds no game state (one instance serves every game): what changes during a game is its
 * {@link ExpansionState}, which the state keeps in a slot, copies with the game and passes to every hook.
 */
public interface Expansion {
    /** Adds tiles and start pieces to the game being set up. */
    void setup(GameSetup setup);

    /** The expansion's state at the start of a game (null when it keeps none). */
    default ExpansionState newState(ExpansionContext g) {
        return null;
    }

    /** A tile was drawn (before anybody considers where it fits). True when this opened a decision. */
    default boolean afterDraw(ExpansionContext g, ExpansionState state, int tileType) {
        return false;
    }

    /** Adds deployment options besides the tile's own features (the active player has a follower in supply). */
    default void addDeployOptions(ExpansionContext g, ExpansionState state, IntList out) {
    }

    /** Applies a deployment option this expansion added. */
    default void applyDeploy(ExpansionContext g, ExpansionState state, int code) {
    }

    /** The placed tile's features were scored; the turn is about to end. True when this opened a decision. */
    default boolean afterScoring(ExpansionContext g, ExpansionState state, int tileType) {
        return false;
    }

    /** Whether this expansion decides the given kind of decision. */
    default boolean owns(DecisionKind kind) {
        return false;
    }

    /** The legal action codes of an owned decision. */
    default void legalActions(ExpansionContext g, ExpansionState state, IntList out) {
    }

    /**
     * Applies a legal action code of an owned decision. True when the expansion opened another decision; false when
     * its decisions are done and the turn goes on.
     */
    default boolean apply(ExpansionContext g, ExpansionState state, int code) {
        return false;
    }
}
