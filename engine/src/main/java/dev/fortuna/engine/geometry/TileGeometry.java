package dev.fortuna.engine.geometry;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileType;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tile type drawn as vector shapes in the unit square (x right, y down, north edge at y = 0), turned by
 * {@code rotation}; see docs/geometry.md. Derived from the tile notation only, never drawn by hand per tile.
 *
 * <p>Invariants (tested for every tile type and rotation): the regions of {@code features} and {@code areas}
 * cover the square exactly once; each anchor lies inside its own feature's region and outside all others;
 * along an edge, a city covers the whole edge, a road covers {@code [0.5 - ROAD_WIDTH / 2, 0.5 + ROAD_WIDTH / 2]}
 * with its centre line ending at the edge midpoint, and fields cover the rest, so that the shapes of two tiles
 * that may lie side by side meet exactly.
 *
 * @param features   one per feature, in the tile type's notation order
 * @param areas      regions that are no feature (crop circle, junction, the wheel on a board square)
 * @param cropMark   the crop-circle symbol, or null
 * @param wheelNumber the wheel number, or null
 */
public record TileGeometry(String tileId, Rotation rotation, List<FeatureShape> features, List<Area> areas,
                           CropMark cropMark, WheelNumber wheelNumber) {
    /** The width roads are drawn with, as a fraction of the tile's side. */
    public static final double ROAD_WIDTH = TileLayout.ROAD_WIDTH;

    private static final ConcurrentHashMap<TileType, TileGeometry> CACHE = new ConcurrentHashMap<>();

    public TileGeometry {
        features = List.copyOf(features);
        areas = List.copyOf(areas);
    }

    /** The geometry of {@code type} turned clockwise by {@code rotation} (computed once per type, then turned). */
    public static TileGeometry of(TileType type, Rotation rotation) {
        // Immutable, so one canonical layout per type is shared; a racing duplicate computation is harmless.
        TileGeometry canonical = CACHE.computeIfAbsent(type, t -> {
            TileLayout.Result r = TileLayout.build(t, null, 0);
            return new TileGeometry(t.id(), Rotation.R0, r.features(), r.areas(), r.cropMark(), r.wheelNumber());
        });
        return canonical.rotated(rotation);
    }

    /**
     * This geometry turned a further {@code by} clockwise about the tile's centre (0.5, 0.5): every point
     * (x, y) turned a quarter goes to (1 - y, x). Clients may equally draw the canonical geometry under an SVG
     * {@code rotate(90·k 0.5 0.5)}; both give the same picture.
     */
    public TileGeometry rotated(Rotation by) {
        int q = by.quarterTurns();
        if (q == 0) {
            return this;
        }
        return new TileGeometry(tileId, Rotation.of(rotation.quarterTurns() + q),
                features.stream().map(f -> f.turned(q, 0.5, 0.5)).toList(),
                areas.stream().map(a -> new Area(a.kind(), a.region().turned(q, 0.5, 0.5))).toList(),
                cropMark == null ? null
                        : new CropMark(cropMark.symbol(), cropMark.centre().turned(q, 0.5, 0.5), cropMark.radius()),
                wheelNumber == null ? null : new WheelNumber(wheelNumber.value(),
                        wheelNumber.centre().turned(q, 0.5, 0.5), wheelNumber.radius()));
    }

    /** The feature with this notation name ({@code C1}, {@code R2}, {@code F1}, {@code M}), or null. */
    public FeatureShape feature(String name) {
        for (FeatureShape f : features) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
