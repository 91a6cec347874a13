package dev.fortuna.engine.geometry;

import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;

/**
 * One feature of a tile as drawn: its notation name ({@code C1}, {@code R2}, {@code F1}, {@code M}) and kind,
 * the region it covers, and the point where its follower stands ({@code anchor}, always inside the region and
 * outside every other region of the tile).
 *
 * @param path     roads only: the centre line from where the road leaves the tile edge to where it ends (or
 *                 leaves by the other edge); empty for other kinds
 * @param width    roads only: the width the region was drawn with (a hint for stroking {@code path}); else 0
 * @param pennants cities only: one shield per pennant, inside the city
 * @param inn      roads only: the road shows an Inns &amp; Cathedrals inn (decorative)
 */
public record FeatureShape(String name, FeatureKind kind, Region region, Point anchor, List<Point> path,
                           double width, List<Pennant> pennants, boolean inn) {
    public FeatureShape {
        path = List.copyOf(path);
        pennants = List.copyOf(pennants);
    }

    FeatureShape turned(int quarterTurns, double cx, double cy) {
        return new FeatureShape(name, kind, region.turned(quarterTurns, cx, cy),
                anchor.turned(quarterTurns, cx, cy),
                path.stream().map(p -> p.turned(quarterTurns, cx, cy)).toList(), width,
                pennants.stream().map(p -> new Pennant(p.centre().turned(quarterTurns, cx, cy), p.radius())).toList(),
                inn);
    }

    FeatureShape moved(double dx, double dy) {
        return new FeatureShape(name, kind, region.moved(dx, dy), anchor.plus(dx, dy),
                path.stream().map(p -> p.plus(dx, dy)).toList(), width,
                pennants.stream().map(p -> new Pennant(p.centre().plus(dx, dy), p.radius())).toList(), inn);
    }
}
