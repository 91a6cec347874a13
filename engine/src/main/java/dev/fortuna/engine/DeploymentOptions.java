package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;

/**
 * What the active seat may deploy on now (see {@link GameState#deploymentOptions()}): the free features of the tile
 * just placed at {@code position}, and the sectors with an empty crown space (Wheel of Fortune). Passing is always
 * possible.
 */
public record DeploymentOptions(Position position, List<Spot> features, List<Sector> crownSectors) {
    public DeploymentOptions {
        features = List.copyOf(features);
        crownSectors = List.copyOf(crownSectors);
    }

    /** A feature of the placed tile a follower may stand on: its notation index, name and kind. */
    public record Spot(int feature, String name, FeatureKind kind) {
    }
}
