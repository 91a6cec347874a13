package dev.fortuna.engine;

/**
 * The names of a rejection's arguments ({@link ApplyResult.Rejected#args()}), each with the one type its value
 * always has, so that a client can read them without parsing text.
 */
public enum RejectionArg {
    /** {@link Seat}: the seat that sent the action. */
    SEAT,
    /** {@link Seat}: the seat whose decision it is. */
    DECIDER,
    /** {@link DecisionKind}: the decision being made. */
    DECISION,
    /** {@link Action}: the action as given. */
    ACTION,
    /** {@code String}: the id of the tile concerned (drawn or just placed). */
    TILE,
    /** {@link Position}: the square concerned. */
    POSITION,
    /** {@link dev.fortuna.engine.tile.Rotation}: the rotation asked for. */
    ROTATION,
    /** {@code Integer}: a feature index of the tile concerned. */
    FEATURE,
    /** {@code String}: the feature's notation name (e.g. {@code C1}). */
    FEATURE_NAME,
    /** {@link Sector}: the wheel sector concerned. */
    SECTOR
}
