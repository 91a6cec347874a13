package dev.fortuna.engine;

import dev.fortuna.engine.tile.Rotation;
import java.util.List;

/**
 * Where the drawn tile may go: one square and every rotation that fits there (rotations that look the same as a
 * smaller one are listed once, as that smaller one). See {@link GameState#placementOptions()}.
 */
public record PlacementOption(Position position, List<Rotation> rotations) {
    public PlacementOption {
        rotations = List.copyOf(rotations);
    }
}
