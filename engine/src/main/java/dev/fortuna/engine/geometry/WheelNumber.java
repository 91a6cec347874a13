package dev.fortuna.engine.geometry;

/** A Wheel of Fortune tile's coloured wheel number (1–3) drawn as a disc of the given radius inside a field. */
public record WheelNumber(int value, Point centre, double radius) {
}
