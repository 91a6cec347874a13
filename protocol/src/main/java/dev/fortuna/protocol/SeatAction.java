package dev.fortuna.protocol;

/** An action as it was applied: by {@code seat}, as the game's {@code ply}-th decision (0-based). */
public record SeatAction(int seat, int ply, ActionDto action) {
}
