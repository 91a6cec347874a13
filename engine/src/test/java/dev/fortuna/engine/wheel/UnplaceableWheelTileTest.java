package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A numbered tile that fits nowhere still moves the pig, resolves its sector and scores its crowns before it
 * is discarded; a numbered replacement moves the pig again in the same turn (RULES.md §3.5, §5, §6 #7).
 */
class UnplaceableWheelTileTest {

    /**
     * House rule (wheel beside the landscape, a D starts). Two cloister-with-road tiles close both ends of the
     * D's road, so no open square has only road edges around it: the crossroads X fits nowhere.
     */
    private static Scenario closedRoad(String... thenDraw) {
        List<String> draws = new java.util.ArrayList<>(List.of("wof:A", "wof:A"));
        draws.addAll(List.of(thenDraw));
        return Scenario.of(GameConfig.builder().players(2).wheel(WheelOptions.DEFAULT.withWheelIsStart(false))
                .draws(draws).build());
    }

    @Test
    void theDiscardedTileStillMovesThePigResolvesTheSectorAndScoresItsCrownsThenTheReplacementDoesItAgain() {
        Scenario s = closedRoad("wof:X/w1", "wof:U/w1");
        s.place(1, 0, 90).crown(Sector.TAX);     // A's road ends at the D's east end
        s.place(-1, 0, 270).crown(Sector.FAMINE); // and the west end
        // Seat 0 drew X/w1: Fortune → Tax (no knights), Tax crown: seat 0 alone on two spaces, 6.
        // X fits nowhere and is discarded; seat 0 draws U/w1: Tax → Famine (no farmers), Famine crown: 3.
        assertEquals(Sector.FAMINE, s.state().pig());
        s.expectScores(6, 3).expectSupplies(7, 7);
        assertEquals(1, s.state().tilesDiscarded());
        assertEquals(List.of("wof:A", "wof:A", "wof:X/w1", "wof:U/w1"), s.state().drawnTiles());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(0, s.decidingSeat(), "still seat 0's turn");
        assertEquals("wof:U/w1", s.state().drawnTile().id());

        List<Event> ev = s.lastEvents();
        List<Class<?>> kinds = ev.stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(List.of(Event.TileDrawn.class,
                Event.PigMoved.class, Event.SectorResolved.class, Event.CrownsScored.class,
                Event.FollowerReturned.class, Event.TileDiscarded.class,
                Event.TileDrawn.class, Event.PigMoved.class, Event.SectorResolved.class, Event.CrownsScored.class,
                Event.FollowerReturned.class), kinds.subList(kinds.indexOf(Event.TileDrawn.class), kinds.size()));
        List<Event.PigMoved> pig = s.events(Event.PigMoved.class);
        assertEquals(List.of(new Event.PigMoved(Seat.of(0), Sector.FORTUNE, Sector.TAX, 1),
                new Event.PigMoved(Seat.of(0), Sector.TAX, Sector.FAMINE, 1)), pig);
        assertEquals(List.of(new Event.CrownsScored(Sector.TAX, List.of(6, 0), List.of(1, 0)),
                new Event.CrownsScored(Sector.FAMINE, List.of(0, 3), List.of(0, 1))), s.events(Event.CrownsScored.class));
        assertEquals(new Event.TileDiscarded(Seat.of(0), "wof:X/w1"), s.events(Event.TileDiscarded.class).get(0));
        List<Event.SectorResolved> sectors = s.events(Event.SectorResolved.class);
        assertEquals(List.of(Sector.TAX, Sector.FAMINE), sectors.stream().map(Event.SectorResolved::sector).toList());

        // The crowns freed by the events can be taken again in the same turn.
        s.place(2, 0, 0).crown(Sector.TAX);
        s.expectSupplies(6, 7);
    }

    @Test
    void aDiscardedFortuneTileStillPaysTheActivePlayer() {
        // The D's road is first lengthened by two numbered straights (pig: Storm, then Plague), then closed at
        // both ends by the two cloister-with-road tiles; the crossroads then fits nowhere.
        Scenario s = Scenario.of(GameConfig.builder().players(2).wheel(WheelOptions.DEFAULT.withWheelIsStart(false))
                .draws("wof:U/w3", "wof:U/w2", "wof:A", "wof:A", "wof:X/w1", "wof:E").build());
        // Seat 0 drew U/w3 → Storm: 7 each.
        s.expectScores(7, 7);
        s.place(1, 0, 90).pass();
        // Seat 1 drew U/w2 → Plague: nobody has a follower on the landscape, nobody is asked.
        assertEquals(Sector.PLAGUE, s.state().pig());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        s.place(-1, 0, 90).pass();
        s.place(2, 0, 90).pass();
        s.place(-2, 0, 270).pass();
        // Seat 0 drew X/w1 → Fortune: 3 for seat 0 only; X is discarded and seat 0 draws E instead.
        assertEquals(Sector.FORTUNE, s.state().pig());
        s.expectScores(10, 7);
        assertEquals(1, s.state().tilesDiscarded());
        assertEquals("wof:E", s.state().drawnTile().id());
        assertEquals(0, s.decidingSeat());
        assertEquals(List.of(new Event.TileDiscarded(Seat.of(0), "wof:X/w1")), s.events(Event.TileDiscarded.class));
        Event.SectorResolved fortune = s.events(Event.SectorResolved.class).get(2);
        assertEquals(new Event.SectorResolved(Sector.FORTUNE, Seat.of(0), List.of(3, 0), fortune.reasons()), fortune);
    }

    @Test
    void aDiscardedPlagueTileAsksEverySeatFirstAndThenTheReplacementIsDrawn() {
        // Pig: U/w3 → Storm, U/w1 → Inquisition, then X/w1 → Plague. The straights lengthen the D's road
        // before the cloister-with-road tiles close it, so X then fits nowhere.
        Scenario s = Scenario.of(GameConfig.builder().players(2).wheel(WheelOptions.DEFAULT.withWheelIsStart(false))
                .draws("wof:U/w3", "wof:U/w1", "wof:A", "wof:A", "wof:X/w1", "wof:E").build());
        s.place(1, 0, 90).deploy("F1");     // seat 0 farmer south of the road
        // Seat 1 drew U/w1 → Inquisition (no monks).
        assertEquals(Sector.INQUISITION, s.state().pig());
        s.place(-1, 0, 90).deploy("F2");    // seat 1 farmer north of the road
        s.place(2, 0, 90).pass();
        s.place(-2, 0, 270).pass();
        // Seat 0 drew X/w1 → Plague: seat 0, then seat 1, each return their farmer; then X is discarded.
        assertEquals(Sector.PLAGUE, s.state().pig());
        assertEquals(DecisionKind.PLAGUE_RETURN, s.decision());
        assertEquals(0, s.decidingSeat());
        assertEquals(0, s.state().tilesDiscarded(), "the tile is only looked at after the event");
        s.returnFollower(1, 0, "F1");
        assertEquals(1, s.decidingSeat());
        s.returnFollower(-1, 0, "F2");
        assertEquals(1, s.state().tilesDiscarded());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(0, s.decidingSeat());
        assertEquals("wof:E", s.state().drawnTile().id());
        s.expectSupplies(7, 7).expectScores(7, 7);
        List<Class<?>> kinds = s.lastEvents().stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(List.of(Event.FollowerReturned.class, Event.TileDiscarded.class, Event.TileDrawn.class), kinds);
    }
}
