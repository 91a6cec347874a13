package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;

/**
 * Where one follower stands: on feature {@code feature} of the tile at {@code position} (its role follows
 * from {@code kind}), or on a crown space of {@code crownSector} (then position is null).
 */
public record FollowerPlacement(Seat seat, Position position, int feature, FeatureKind kind, Sector crownSector) {
    public boolean onCrown() {
        return crownSector != null;
    }
}
