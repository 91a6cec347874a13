package dev.fortuna.engine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import java.util.List;
import org.junit.jupiter.api.Test;

class TileSheetTest {
    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void sheetDrawsEveryTileWithItsMarks() {
        List<TileType> types = TileCatalog.standard().allTypes();
        String svg = TileSheet.sheet(types, true);
        assertTrue(svg.startsWith("<svg ") && svg.endsWith("</svg>\n"));
        int features = types.stream().mapToInt(t -> t.features().size()).sum();
        // One white anchor dot per feature: the tiles' and the 19 of the board's squares.
        assertEquals(features + 19, count(svg, "r=\"0.0220\" fill=\"#ffffff\""));
        // Shields: one pennant on each of C, F, M, O, Q, S in the base and the Wheel of Fortune sets.
        assertEquals(12, count(svg, "fill=\"#1f4fa8\""));
        // Wheel numbers: N, U (3), V (3), X and IC-f of the Wheel of Fortune set.
        assertEquals(9, count(svg, "font-weight=\"bold\""));
        // Crop circles on the 12 Crop Circles tiles, six sectors and nine crowns on the wheel.
        assertEquals(12, count(svg, "fill=\"#e6cf63\""));
        assertEquals(6, count(svg, "font-size=\"0.16\""));
        assertEquals(9, count(svg, "fill=\"#e2b53b\""));
        assertEquals(types.size(), count(svg, "<text x=") - 6 - 9);
    }
}
