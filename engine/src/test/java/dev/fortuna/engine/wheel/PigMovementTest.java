package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pig moves exactly the drawn tile's wheel number clockwise, modulo 6 (RULES.md §3.5 step 2). */
class PigMovementTest {

    @Test
    void everyNumberedTileMovesThePigByItsNumber() {
        Map<String, Sector> expected = Map.of("wof:U/w1", Sector.TAX, "wof:U/w2", Sector.FAMINE,
                "wof:U/w3", Sector.STORM, "wof:V/w1", Sector.TAX, "wof:V/w2", Sector.FAMINE,
                "wof:V/w3", Sector.STORM, "wof:X/w1", Sector.TAX, "wof:N/w1", Sector.TAX, "wof:IC-f", Sector.TAX);
        expected.forEach((id, to) -> {
            Scenario s = Scenario.wheel(2, id);
            assertEquals(to, s.state().pig(), id);
            assertEquals(List.of(new Event.PigMoved(Seat.of(0), Sector.FORTUNE, to, to.ordinal())),
                    s.events(Event.PigMoved.class), id);
        });
    }

    @Test
    void unnumberedTilesNeverMoveThePig() {
        for (TileSet.Entry e : TileCatalog.standard().wheelOfFortune().entries()) {
            if (e.type().wheel() == 0) {
                Scenario s = Scenario.wheel(2, e.type().id());
                assertEquals(Sector.FORTUNE, s.state().pig(), e.type().id());
                assertTrue(s.events(Event.PigMoved.class).isEmpty(), e.type().id());
            }
        }
        // Base tiles of the same shapes carry no number.
        Scenario b = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL)).draws("U", "V", "X").build());
        b.place(2, -1, 0).pass();
        assertEquals(Sector.FORTUNE, b.state().pig());
        assertTrue(b.events(Event.PigMoved.class).isEmpty());
    }

    @Test
    void thePigGoesRoundModuloSix() {
        // 2 (Famine), + 3 = 5 (Plague), + 3 = 8 = 2 (mod 6): Famine again.
        Scenario s = Scenario.wheel(2, "wof:V/w2", "wof:U/w3", "wof:V/w3", "wof:B");
        assertEquals(Sector.FAMINE, s.state().pig());
        s.place(-1, 1, 270).pass();
        assertEquals(Sector.PLAGUE, s.state().pig()); // nobody on the landscape: no decision
        s.place(2, -1, 0).pass();
        assertEquals(Sector.FAMINE, s.state().pig());
        assertEquals(List.of(new Event.PigMoved(Seat.of(0), Sector.FORTUNE, Sector.FAMINE, 2),
                new Event.PigMoved(Seat.of(1), Sector.FAMINE, Sector.PLAGUE, 3),
                new Event.PigMoved(Seat.of(0), Sector.PLAGUE, Sector.FAMINE, 3)), s.events(Event.PigMoved.class));
    }
}
