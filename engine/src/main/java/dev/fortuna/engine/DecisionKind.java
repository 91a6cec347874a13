package dev.fortuna.engine;

/** What the deciding seat has to decide now. Every step of the game is one of these. */
public enum DecisionKind {
    /** The active player places the drawn tile: a position and rotation. */
    PLACE_TILE,
    /** The active player deploys one follower on the tile just placed, on a crown space, or passes. */
    DEPLOY,
    /** Wheel of Fortune, Plague: a player returns one of their followers from the landscape. */
    PLAGUE_RETURN,
    /** Crop circle: the active player chooses add or remove for everybody. */
    CROP_CIRCLE_CHOICE,
    /** Crop circle, add: a player may add a follower next to one of their own of the symbol's kind. */
    CROP_CIRCLE_ADD,
    /** Crop circle, remove: a player must return one of their followers of the symbol's kind. */
    CROP_CIRCLE_REMOVE,
    /** The game is over; there is nothing to decide. */
    GAME_OVER
}
