package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.WheelOptions.FamineRule;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What each seat gets from a sector event and why (RULES.md §3.6), on the standalone game with the wheel board at
 * (0..3, 0..3): the board city cA faces north from square (0,0), the board field A lies north of squares (0..2, 0),
 * and the board road ends at the north edge of square (2,0). Every explanation is read through
 * {@link #explanation}, the one place that knows how a sector event explains itself.
 */
class SectorExplanationsTest {

    /** Why {@code seat} got its points from the sector event (empty when it got none). */
    private static String explanation(Event.SectorResolved r, int seat) {
        return r.reasons().get(seat).text();
    }

    private static Event.SectorResolved lastResolved(Scenario s) {
        List<Event.SectorResolved> r = s.events(Event.SectorResolved.class);
        return r.get(r.size() - 1);
    }

    @Test
    void taxCountsTheKnightsOfTheBoardCityOnceAndExplainsEveryCity() {
        // Seat 0 has a knight in the open city made of cA and P turned 180 (city south and east), and a knight in
        // a city of its own, E north of a cloister east of the board.
        Scenario s = Scenario.wheel(2, "wof:P", "wof:B", "wof:E", "wof:U/w1");
        s.place(0, -1, 180).deploy("C1");   // seat 0: P's city joins cA and stays open to the east
        s.place(4, 0, 0).pass();            // seat 1: a cloister east of the board
        s.place(4, -1, 0).deploy("C1");     // seat 0: a knight in E's city, open to the north
        assertEquals(List.of(1, 0), s.feature(0, 0, "C1").followers());
        // Seat 1 drew U/w1: Fortune → Tax. Seat 0: 1 × (0 + 1) for each city.
        Event.SectorResolved tax = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.TAX, Seat.of(1), List.of(2, 0), tax.reasons()), tax);
        assertEquals("1 knight(s) × (0 pennant(s) + 1 own knight(s)) = 1; "
                + "1 knight(s) × (0 pennant(s) + 1 own knight(s)) = 1", explanation(tax, 0));
        assertEquals("", explanation(tax, 1));
        s.expectScores(2, 0);
    }

    @Test
    void inquisitionExplainsTwoPointsPerMonk() {
        // U/w3 takes the pig from Fortune to Storm, U/w1 from Storm to Inquisition.
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w3", "wof:U/w1");
        s.place(4, 0, 0).deploy("M");       // seat 0: a monk east of the board
        s.place(2, -1, 0).pass();           // seat 1: the road north from the board
        Event.SectorResolved inquisition = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.INQUISITION, Seat.of(0), List.of(2, 0), inquisition.reasons()),
                inquisition);
        assertEquals("1 monk(s) × 2", explanation(inquisition, 0));
        assertEquals("", explanation(inquisition, 1));
    }

    @Test
    void plagueSaysWhoMustReturnAFollower() {
        // U/w3 then U/w2: Fortune → Storm → Plague. Only seat 0 has a follower on the landscape.
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w3", "wof:U/w2");
        s.place(4, 0, 0).deploy("M");
        s.place(2, -1, 0).pass();
        Event.SectorResolved plague = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.PLAGUE, Seat.of(0), List.of(0, 0), plague.reasons()), plague);
        assertEquals("must return a follower from the landscape", explanation(plague, 0));
        assertEquals("", explanation(plague, 1));
    }

    @Test
    void stormExplainsOnlyTheSeatsWithFollowersInSupply() {
        // Seat 0 puts all 7 followers on cloisters in a row east of the board; then U/w3 brings Storm.
        String[] draws = new String[15];
        Arrays.fill(draws, "wof:B");
        draws[14] = "wof:U/w3";
        Scenario s = Scenario.wheel(2, draws);
        for (int i = 0; i < 7; i++) {
            s.place(4 + 2 * i, 0, 0).deploy("M");    // seat 0
            s.place(5 + 2 * i, 0, 0).pass();         // seat 1
        }
        Event.SectorResolved storm = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.STORM, Seat.of(0), List.of(0, 7), storm.reasons()), storm);
        assertEquals("", explanation(storm, 0));
        assertEquals("7 follower(s) in supply", explanation(storm, 1));
    }

    /** Seat 1's farmer in the board field A, which touches cA, completed by E turned 180; U/w2 brings Famine. */
    private static Event.SectorResolved famine(FamineRule rule) {
        Scenario s = Scenario.of(GameConfig.builder().players(2).wheel(WheelOptions.DEFAULT.withFamine(rule))
                .draws("wof:E", "wof:B", "wof:U/w2").build());
        s.place(0, -1, 180).pass();         // seat 0: cA completed, nobody in it
        s.place(1, -1, 0).deploy("F1");     // seat 1: a farmer in the board field A
        assertEquals(1, s.feature(1, -1, "F1").adjacentCompletedCities());
        Event.SectorResolved r = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.FAMINE, Seat.of(0), List.of(0, 1), r.reasons()), r);
        assertEquals("", explanation(r, 0));
        return r;
    }

    @Test
    void famineExplainsFarmersTimesCitiesOrOnePerCityPerField() {
        assertEquals("1 farmer(s) × 1 completed cit(ies) = 1", explanation(famine(FamineRule.ALL_FARMERS), 1));
        assertEquals("1 farmer(s) × 1 completed cit(ies) = 1", explanation(famine(FamineRule.MAJORITY), 1));
        assertEquals("a field with 1 completed cit(ies) = 1", explanation(famine(FamineRule.PER_FIELD), 1));
    }
}
