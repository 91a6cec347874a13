package dev.fortuna.engine.geometry;

/** Where a city's pennant (coat of arms) is drawn: a shield of the given radius, inside its city. */
public record Pennant(Point centre, double radius) {
}
