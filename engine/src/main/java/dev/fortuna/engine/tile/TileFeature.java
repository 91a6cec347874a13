package dev.fortuna.engine.tile;

import java.util.List;

/**
 * One feature segment printed on a tile, in the tile's canonical orientation.
 *
 * @param name       the notation's name ({@code R1}, {@code C2}, {@code F1}, {@code M})
 * @param edges      bit {@code e} set when the segment reaches edge {@code e} (roads and cities)
 * @param halfEdges  bit {@code h} set when a field segment owns half-edge {@code h}
 * @param pennants   pennants on a city segment
 * @param adjacentCities indices (into the tile's feature list) of the city segments a field touches
 * @param inn        an Inns &amp; Cathedrals inn on a road: decorative, no rules effect here
 */
public record TileFeature(String name, FeatureKind kind, int edges, int halfEdges, int pennants,
                          List<Integer> adjacentCities, boolean inn) {
    public TileFeature {
        adjacentCities = List.copyOf(adjacentCities);
    }

    public int edgeCount() {
        return Integer.bitCount(edges);
    }
}
