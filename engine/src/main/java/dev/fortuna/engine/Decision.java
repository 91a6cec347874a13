package dev.fortuna.engine;

/** Whose decision it is and of what kind. {@code seat} is null when the game is over. */
public record Decision(DecisionKind kind, Seat seat) {
}
