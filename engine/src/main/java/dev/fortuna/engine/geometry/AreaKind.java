package dev.fortuna.engine.geometry;

/** Parts of a drawing that are no feature: nobody stands on them, nothing scores them. */
public enum AreaKind {
    /** The crop circle of a Crop Circles tile: it ends roads and separates fields (RULES.md §4.1). */
    CROP_CIRCLE,
    /** The small village where several roads end in the middle of a tile (a junction). */
    JUNCTION,
    /** The wheel itself on a square of the Wheel of Fortune board: not landscape (RULES.md §3.2). */
    WHEEL
}
