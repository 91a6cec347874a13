package dev.fortuna.engine.geometry;

import java.util.List;

/**
 * The wheel on the Wheel of Fortune board, in board coordinates: a disc of {@code radius} about
 * {@code centre}, a hub of {@code hubRadius} in the middle (where the pig's pivot is drawn) and the six sectors
 * round it, clockwise on screen from the top, in the order of {@link dev.fortuna.engine.Sector}.
 */
public record WheelGeometry(Point centre, double radius, double hubRadius, List<SectorGeometry> sectors) {
    public WheelGeometry {
        sectors = List.copyOf(sectors);
    }
}
