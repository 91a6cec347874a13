package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who stands on which crown space (RULES.md §3.4), for every seat, read through the public queries. */
class CrownSeatsTest {

    @Test
    void everySeatsCrownFollowersAreCountedAndPlacedInTheirSector() {
        // Three players; the pig stays on Fortune (no numbered tile), so no crown is scored.
        Scenario s = Scenario.wheel(3, "wof:B", "wof:B", "wof:B", "wof:B");
        s.place(4, 0, 0).crown(Sector.FORTUNE);      // seat 0: Fortune's only space (the first of all)
        s.place(5, 0, 0).crown(Sector.TAX);          // seat 1: Tax's first space
        s.place(6, 0, 0).crown(Sector.TAX);          // seat 2: Tax's second space
        assertEquals(List.of(1, 1, 1), Arrays.stream(new int[] {0, 1, 2}).map(p -> s.state().followersOnCrowns(p))
                .boxed().toList());
        assertEquals(List.of(0, 0, 0), Arrays.stream(new int[] {0, 1, 2})
                .map(p -> s.state().followersOnLandscape(p)).boxed().toList());
        assertEquals(List.of(
                new FollowerPlacement(Seat.of(0), null, -1, null, Sector.FORTUNE),
                new FollowerPlacement(Seat.of(1), null, -1, null, Sector.TAX),
                new FollowerPlacement(Seat.of(2), null, -1, null, Sector.TAX)), s.state().followers());
        assertEquals(List.of(Seat.of(1), Seat.of(2)), s.state().crowns(Sector.TAX));
        s.place(7, 0, 0).crown(Sector.PLAGUE);       // seat 0: a second crown follower, Plague's first space
        assertEquals(List.of(2, 1, 1), Arrays.stream(new int[] {0, 1, 2}).map(p -> s.state().followersOnCrowns(p))
                .boxed().toList());
        assertEquals(new FollowerPlacement(Seat.of(0), null, -1, null, Sector.PLAGUE), s.state().followers().get(1));
        s.expectSupplies(5, 6, 6);
    }
}
