package dev.fortuna.engine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrangementTest {
    private static List<Double> faceAreas(Arrangement a) {
        List<Double> areas = new ArrayList<>();
        for (int[] cycle : a.cycles()) {
            double s = 0;
            for (int h : cycle) {
                s += a.from(h).x() * a.to(h).y() - a.to(h).x() * a.from(h).y();
            }
            areas.add(Math.round(s / 2 * 1e9) / 1e9);
        }
        areas.sort(null);
        return areas;
    }

    private static List<Point> square(double x0, double y0, double x1, double y1) {
        return List.of(new Point(x0, y0), new Point(x1, y0), new Point(x1, y1), new Point(x0, y1));
    }

    @Test
    void overlappingSquaresSharingEdgesCutIntoThreeFaces() {
        // [0,1]² and [0.5,1.5]×[0,1]: their top and bottom edges overlap on [0.5,1], and each crosses the other's
        // side only at its end points. Faces: the left part, the shared middle, the right part, and the outside.
        Arrangement a = new Arrangement();
        a.addRing(square(0, 0, 1, 1));
        a.addRing(square(0.5, 0, 1.5, 1));
        a.build();
        assertEquals(List.of(-1.5, 0.5, 0.5, 0.5), faceAreas(a));
        assertEquals(2 * 10, a.halfEdges()); // 10 edges: the overlaps count once
    }

    @Test
    void crossingSegmentsMeetAtANewVertexAndAFloatingRingIsItsOwnCycle() {
        Arrangement a = new Arrangement();
        a.addRing(square(0, 0, 1, 1));
        a.add(new Point(0, 0), new Point(1, 1));
        a.add(new Point(1, 0), new Point(0, 1));
        a.addRing(square(0.7, 0.45, 0.8, 0.55)); // inside the east triangle, touching nothing
        a.build();
        // Four triangles of 0.25, the square's outside, the small ring's inside and its outer (hole) cycle.
        assertEquals(List.of(-1.0, -0.01, 0.01, 0.25, 0.25, 0.25, 0.25), faceAreas(a));
    }
}
