package dev.fortuna.engine.tile;

import dev.fortuna.engine.Sector;
import java.util.List;

/**
 * The Wheel of Fortune board as data (RULES.md §3.2): 16 squares of a 4×4 block, each a tile type whose
 * '-' edges face the wheel; board fields that span several squares; and the crown spaces per sector.
 */
public record WheelBoard(List<Square> squares, List<BoardField> fields, List<Integer> crownsPerSector) {
    public WheelBoard {
        squares = List.copyOf(squares);
        fields = List.copyOf(fields);
        crownsPerSector = List.copyOf(crownsPerSector);
        if (crownsPerSector.size() != Sector.values().length) {
            throw new IllegalArgumentException("crowns: one count per sector");
        }
    }

    /** A square at board coordinates (x, y), 0..3 each, showing {@code type} in its canonical orientation. */
    public record Square(int x, int y, TileType type) {
    }

    /** A feature segment on one square: square coordinates and the feature's index in the square's type. */
    public record Ref(int x, int y, int feature) {
    }

    /** A field made of square fields on several squares, adjacent to the listed board cities. */
    public record BoardField(List<Ref> parts, List<Ref> adjacentCities) {
        public BoardField {
            parts = List.copyOf(parts);
            adjacentCities = List.copyOf(adjacentCities);
        }
    }

    public int crowns(Sector s) {
        return crownsPerSector.get(s.ordinal());
    }
}
