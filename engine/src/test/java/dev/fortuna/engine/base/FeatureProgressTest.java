package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import org.junit.jupiter.api.Test;

/**
 * {@code GameState.featureProgress}: a feature id shared by all its squares (high 32 bits) and what it still
 * lacks (low 32 bits: open edges of a road or city, empty squares around a cloister, 0 for a field).
 *
 * <pre>
 *   y=0   D(start)  U(90°)      road D–U open at both ends; D's city open to the north
 *   y=1   B                     cloister with D and U as its only neighbours
 * </pre>
 */
class FeatureProgressTest {
    private static long progress(Scenario s, int x, int y, String feature) {
        return s.state().featureProgress(new Position(x, y), s.featureAt(x, y, feature));
    }

    @Test
    void idsAreSharedAcrossSquaresAndTheLowBitsCountWhatIsMissing() {
        Scenario s = Scenario.base(2, "U", "B").place(1, 0, 90).pass().place(0, 1, 0).pass();
        long roadOnD = progress(s, 0, 0, "R1"), roadOnU = progress(s, 1, 0, "R1");
        assertEquals(roadOnD, roadOnU, "one road, one id");
        assertEquals(2, (int) roadOnD, "open at the west end of D and the east end of U");
        assertEquals(1, (int) progress(s, 0, 0, "C1"), "the start city is open to the north");
        assertNotEquals(roadOnD >>> 32, progress(s, 0, 0, "C1") >>> 32);
        assertEquals(6, (int) progress(s, 0, 1, "M"), "9 squares minus B, D and U");
        assertEquals(0, (int) progress(s, 0, 0, "F1"), "fields are never complete");
        assertThrows(IllegalArgumentException.class, () -> s.state().featureProgress(new Position(0, 0), 4));
        assertThrows(IllegalArgumentException.class, () -> s.state().featureProgress(new Position(5, 5), 0));
    }

    private static int[] fieldCities(Scenario s, int x, int y, String feature) {
        return s.state().fieldCityOpenEdges(new Position(x, y), s.featureAt(x, y, feature));
    }

    @Test
    void fieldCityOpenEdgesListsEachNeighbouringCityOnceWithWhatItLacks() {
        Scenario s = Scenario.base(2, "E", "U");
        assertArrayEquals(new int[] {1}, fieldCities(s, 0, 0, "F1"), "the start city, open to the north");
        assertArrayEquals(new int[0], fieldCities(s, 0, 0, "F2"), "south of the road: no city");
        assertArrayEquals(new int[0], fieldCities(s, 0, 0, "R1"), "not a field");
        s.place(0, -1, 180).pass(); // E closes the start city from the north
        assertArrayEquals(new int[] {0}, fieldCities(s, 0, 0, "F1"), "the same city, now complete");
        assertArrayEquals(new int[] {0}, fieldCities(s, 0, -1, "F1"), "E's outer field touches that one city");
        assertThrows(IllegalArgumentException.class, () -> s.state().fieldCityOpenEdges(new Position(0, 0), 4));
        assertThrows(IllegalArgumentException.class, () -> s.state().fieldCityOpenEdges(new Position(5, 5), 0));
    }
}
