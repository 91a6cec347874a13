package dev.fortuna.engine;

/**
 * An expansion plug-in. The engine's turn is a fixed pipeline (draw → place → deploy → score → end of
 * turn); an expansion joins it through these hooks and may own decision kinds of its own. Every expansion
 * is listed in {@link Expansions#of(ExpansionId)}; there is no reflection and no class name in any file.
 *
 * <p>Hooks that open decisions return true: the state then waits for those decisions, and the expansion
 * hands control back ({@link GameState#resumeAfterDraw()}, {@link GameState#endTurn()}) when it is done.
 */
sealed interface Expansion permits WheelOfFortune, CropCircles {
    ExpansionId id();

    /** Adds tiles and start pieces to the game being set up. */
    void setup(Rules.Builder setup);

    /** A tile was drawn (before anybody considers where it fits). */
    default boolean onTileDrawn(GameState g, int tileType) {
        return false;
    }

    /** Adds deployment options besides the tile's own features (the active player has a follower in supply). */
    default void addDeployOptions(GameState g, IntList out) {
    }

    /** The placed tile's features were scored; the turn is about to end. */
    default boolean afterScoring(GameState g, int tileType) {
        return false;
    }

    /** Whether this expansion decides the given kind of decision. */
    default boolean owns(DecisionKind kind) {
        return false;
    }

    /** The legal action codes of an owned decision. */
    default void legalActions(GameState g, IntList out) {
    }

    /** Applies a legal action code of an owned decision. */
    default void apply(GameState g, int code) {
    }

    /** Applies a deployment option this expansion added. */
    default void applyDeploy(GameState g, int code) {
    }
}
