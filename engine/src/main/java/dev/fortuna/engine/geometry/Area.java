package dev.fortuna.engine.geometry;

/** A part of a drawing that is no feature (a crop circle, a junction, the wheel), with its region. */
public record Area(AreaKind kind, Region region) {
}
