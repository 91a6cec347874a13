package dev.fortuna.engine.geometry;

import dev.fortuna.engine.Sector;
import java.util.List;

/**
 * One sector of the wheel: the ring slice between the hub and the rim from {@code startDegrees} to
 * {@code endDegrees} (screen angles: 0° points east, angles grow clockwise on screen, so the top is -90°),
 * where its name is written, where the pig stands when it is on this sector, and its crown spaces (as many as
 * the board data gives the sector, each with room for one follower).
 */
public record SectorGeometry(Sector sector, Region region, double startDegrees, double endDegrees,
                             Point labelPosition, Point pigPosition, List<Point> crownSpaces) {
    public SectorGeometry {
        crownSpaces = List.copyOf(crownSpaces);
    }
}
