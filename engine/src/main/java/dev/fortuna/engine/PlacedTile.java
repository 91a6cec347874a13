package dev.fortuna.engine;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileType;

/** A square of the landscape: a land tile, or one square of the wheel board ({@code boardSquare}). */
public record PlacedTile(Position position, TileType type, Rotation rotation, boolean boardSquare) {
}
