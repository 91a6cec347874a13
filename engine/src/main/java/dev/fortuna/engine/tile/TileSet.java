package dev.fortuna.engine.tile;

import java.util.List;

/**
 * A named collection of tile types with counts, as printed in one box (base game, Wheel of Fortune, one
 * Crop Circles set). {@code startType} is the type the set's own start tile belongs to, or null.
 */
public record TileSet(String name, List<Entry> entries, TileType startType) {
    public TileSet {
        entries = List.copyOf(entries);
    }

    public record Entry(TileType type, int count) {
    }

    public int size() {
        return entries.stream().mapToInt(Entry::count).sum();
    }

    public TileType type(String id) {
        for (Entry e : entries) {
            if (e.type().id().equals(id)) {
                return e.type();
            }
        }
        return null;
    }
}
