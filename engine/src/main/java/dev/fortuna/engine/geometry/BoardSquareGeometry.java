package dev.fortuna.engine.geometry;

import java.util.List;

/**
 * One of the 16 squares of the wheel board, laid out like a tile from its notation in the board data, in
 * board coordinates (the square spans x..x+1, y..y+1). Feature names are the square's own ({@code C1},
 * {@code F2}); which square fields form one board field is in {@link dev.fortuna.engine.tile.WheelBoard}.
 * The part of the square under the wheel is an {@link AreaKind#WHEEL} area.
 */
public record BoardSquareGeometry(int x, int y, List<FeatureShape> features, List<Area> areas) {
    public BoardSquareGeometry {
        features = List.copyOf(features);
        areas = List.copyOf(areas);
    }

    public FeatureShape feature(String name) {
        for (FeatureShape f : features) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
