package dev.fortuna.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import org.junit.jupiter.api.Test;

class TileTextTest {
    private static TileType type(String id) {
        TileType t = TileCatalog.standard().type(id);
        assertTrue(t != null, "tile " + id);
        return t;
    }

    @Test
    void startTileCityNorthRoadEastWest() {
        assertEquals("""
                +-------+
                |.#####.|
                |..###..|
                |=======|
                |.......|
                |.......|
                +-------+
                """, TileText.render(type("D"), Rotation.R0));
    }

    @Test
    void rotationTurnsClockwise() {
        // J is city N, road E-S; a quarter turn gives city E, road S-W, three quarters city W, road N-E.
        assertEquals("""
                +-------+
                |.......|
                |.....##|
                |====.##|
                |...|.##|
                |...|...|
                +-------+
                """, TileText.render(type("J"), Rotation.R90));
        assertEquals("""
                +-------+
                |...|...|
                |##.|...|
                |##.====|
                |##.....|
                |.......|
                +-------+
                """, TileText.render(type("J"), Rotation.R270));
    }

    @Test
    void pennantSitsInTheCityAndTurnsWithIt() {
        assertEquals("""
                +-------+
                |.......|
                |##.....|
                |####...|
                |##*##..|
                |######.|
                +-------+
                """, TileText.render(type("M"), Rotation.R180));
    }

    @Test
    void twoCitiesAroundACropCircleStayApartAndShowNoField() {
        assertEquals("""
                +-------+
                |###### |
                |##### #|
                |###@ ##|
                |## ####|
                |  #####|
                +-------+
                """, TileText.render(type("CC2-f"), Rotation.R0));
    }

    @Test
    void twoBendsShareATileByHuggingTheirCorners() {
        // wof:IC-f: R1 S-W and R2 N-E; the field F3 runs between them through the centre.
        assertEquals("""
                +-------+
                |...|...|
                |....\\..|
                |==...==|
                |..\\....|
                |...|...|
                +-------+
                """, TileText.render(type("wof:IC-f"), Rotation.R0));
    }

    @Test
    void cloisterWithARoadEndingAtIt() {
        assertEquals("""
                +-------+
                |.......|
                |..MMM..|
                |==MMM..|
                |..MMM..|
                |.......|
                +-------+
                """, TileText.render(type("A"), Rotation.R90));
    }

    @Test
    void featureIndicesMarkEachFeatureOnceAndAreListed() {
        assertEquals("""
                +-------+
                |.##0##.|
                |.4###..|
                |=3=+=1=|
                |.6.2.5.|
                |...|...|
                +-------+
                0 C1 city
                1 R1 road
                2 R2 road
                3 R3 road
                4 F1 field
                5 F2 field
                6 F3 field
                """, TileText.renderWithFeatureIndices(type("L"), Rotation.R0));
        assertEquals("""
                +-------+
                |.......|
                |##..1..|
                |####...|
                |#0*##..|
                |######.|
                +-------+
                0 C1 city (1 pennant)
                1 F1 field
                """, TileText.renderWithFeatureIndices(type("M"), Rotation.R180));
    }

    @Test
    void everyFeatureOfEveryTileAndBoardSquareIsDrawn() {
        int checked = 0;
        for (TileType t : TileCatalog.standard().allTypes()) {
            for (Rotation r : Rotation.values()) {
                checkArt(t, TileArt.of(t, r), t.id() + " " + r);
                checked++;
            }
        }
        for (WheelBoard.Square q : TileCatalog.standard().wheelBoard().squares()) {
            checkArt(q.type(), TileArt.of(q.type(), Rotation.R0, true), q.type().id());
            checked++;
        }
        // 74 tile types (24 base, 38 Wheel of Fortune, 12 Crop Circles) × 4 rotations + 16 board squares.
        assertEquals(74 * 4 + 16, checked);
    }

    private static void checkArt(TileType t, TileArt art, String what) {
        for (int f = 0; f < t.features().size(); f++) {
            int[] spots = art.spots(f);
            assertTrue(spots.length >= 1 + t.feature(f).pennants(), what + ": room for pennants and a follower on " + f);
            for (int k : spots) {
                assertEquals(f, art.featureAt(k % TileArt.WIDTH, k / TileArt.WIDTH), what + ": spot of feature " + f);
            }
        }
        for (int r = 0; r < TileArt.HEIGHT; r++) {
            for (int c = 0; c < TileArt.WIDTH; c++) {
                assertTrue("#.=|/\\+M@~ ".indexOf(art.at(c, r)) >= 0, what + ": legend character at " + c + "," + r);
            }
        }
    }
}
