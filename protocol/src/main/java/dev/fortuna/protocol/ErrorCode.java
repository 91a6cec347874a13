package dev.fortuna.protocol;

/**
 * Stable codes of every refusal the server sends. A client switches on these, never on the message. A code is never
 * renamed or given another meaning. There is no "no follower in supply" code: the engine offers a deployment or a
 * crop-circle addition only to a seat with a follower in its supply (see the engine's {@code RejectionCode}).
 */
public enum ErrorCode {
    // --- an action the rules refuse (the game is unchanged) ---
    /** It is another seat's decision. */
    NOT_YOUR_DECISION,
    /** The action was chosen at another ply; {@code ply} in the answer is the current one. */
    STALE_PLY,
    /** The game is over. */
    GAME_OVER,
    /** The square is already taken. */
    SQUARE_TAKEN,
    /** The square does not share an edge with the landscape. */
    NOT_ADJACENT,
    /** The tile in this rotation does not match its neighbours. */
    TILE_DOES_NOT_FIT,
    /** The tile has no such feature. */
    NO_SUCH_FEATURE,
    /** The feature already holds a follower. */
    FEATURE_OCCUPIED,
    /** No empty crown space in that sector (or no wheel in this game). */
    NO_CROWN_SPACE,
    /** Not one of the current decision's options (wrong kind of action, or a follower that may not be chosen). */
    NOT_A_LEGAL_OPTION,
    /** The action's values are out of range (a rotation of 45, an unknown sector). */
    MALFORMED_ACTION,

    // --- requests ---
    /** The body or message is not valid JSON of the expected shape, or a value is bad. */
    BAD_REQUEST,
    /** No such game, seat or resource. */
    NOT_FOUND,
    /** The seat token is missing, unknown, or belongs to another game. */
    BAD_TOKEN,
    /** A spectator tried to act. */
    SPECTATOR_CANNOT_ACT,
    /** The seat is played by a bot (a bot seat, or a person who resigned and has not reclaimed the seat). */
    NOT_A_PERSON_SEAT,
    /** The game has not started: seats are still open. */
    GAME_NOT_STARTED,
    /** The game is not over yet (its record is kept when it ends). */
    NOT_FINISHED,
    /** The request body or WebSocket message is larger than allowed. */
    TOO_LARGE,
    /** Too many messages from one connection; slow down. */
    THROTTLED,
    /** Another server process wrote this ply first; resynchronise. */
    CONFLICT,
    /** Something failed inside the server; nothing was changed. */
    INTERNAL,
    /**
     * The database did not confirm the write (it cannot be reached, or it restarted); the server is running and
     * recovers by itself when the database is back. Send the same request again (an action with the same
     * {@code clientActionId}: if it was stored after all, the answer is its acknowledgement).
     */
    UNAVAILABLE,
    /**
     * A browser page of another site sent a request that changes things, or opened a game's WebSocket: its
     * {@code Origin} header names a host other than the server's own.
     */
    FOREIGN_ORIGIN,
    /** A request body declared as something other than JSON ({@code Content-Type}). */
    UNSUPPORTED_MEDIA_TYPE
}
