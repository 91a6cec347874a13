package dev.fortuna.engine;

/**
 * Why an action was refused: a stable code a client can act on (translate, highlight, retry) without parsing the
 * readable message. The arguments that go with each code are listed here; {@link ApplyResult.Rejected#args()} holds
 * them by {@link RejectionArg}. Codes are only ever added, never renamed, so that stored or sent codes stay valid.
 *
 * <p>There is no "no follower in supply" code: a decision that deploys or adds a follower is only ever offered to a
 * seat with a follower in its supply (without one, the deployment is skipped and a crop-circle addition declined).
 */
public enum RejectionCode {
    /** No action was given (null). No arguments. */
    NO_ACTION,
    /** The game is over: nothing can be applied. No arguments. */
    GAME_OVER,
    /** The seat that sent the action is not the one deciding. {@code SEAT} (absent when none was given), {@code DECIDER}. */
    NOT_YOUR_DECISION,
    /** The action cannot be encoded (e.g. a feature index outside 0..15). {@code ACTION}. */
    MALFORMED_ACTION,
    /** The action is of a kind the current decision does not take. {@code DECISION}, {@code ACTION}. */
    WRONG_KIND_OF_ACTION,
    /** Placement on a square that already holds a tile. {@code TILE}, {@code POSITION}. */
    SQUARE_OCCUPIED,
    /** Placement on an empty square that shares no edge with the landscape. {@code TILE}, {@code POSITION}. */
    NOT_ADJACENT,
    /** The tile, so turned, does not match its neighbours. {@code TILE}, {@code POSITION}, {@code ROTATION}. */
    TILE_DOES_NOT_FIT,
    /** The tile just placed has no feature with that index. {@code TILE}, {@code FEATURE}. */
    NO_SUCH_FEATURE,
    /** The feature already holds a follower (occupancy rule). {@code TILE}, {@code FEATURE}, {@code FEATURE_NAME}. */
    FEATURE_OCCUPIED,
    /** A crown space was asked for in a game without the Wheel of Fortune. No arguments. */
    NO_CROWN_SPACES,
    /** Every crown space of the sector is taken. {@code SECTOR}. */
    CROWN_SPACES_FULL,
    /**
     * An action of the right kind that is not among the options of this decision (returning or adding a follower
     * where the seat has none that qualifies). {@code DECISION}, {@code ACTION}.
     */
    NOT_A_LEGAL_OPTION
}
