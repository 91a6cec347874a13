package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The clock's arithmetic, which a restarted server relies on to rebuild every seat's time from stored actions. */
class GameClockTest {

    @Test
    void timeIsSpentWhileDecidingAndTheIncrementEarnedOnlyInTime() {
        GameClock c = new GameClock(2, 10_000, 2_000);
        assertEquals(-1, c.deadline(0)); // not started
        c.startDecision(0);
        assertEquals(10_000, c.deadline(0));
        c.decided(0, 3_000); // 3 s spent, 2 s earned
        assertEquals(List.of(9_000L, 10_000L), c.remainingAt(3_000, 1));
        assertEquals(13_000, c.deadline(1));
        c.decided(1, 15_000); // 12 s spent of 10: out of time, no increment
        assertEquals(List.of(false, true), c.outOfTime());
        assertEquals(24_000, c.deadline(0));
        assertEquals(List.of(4_000L, 0L), c.remainingAt(20_000, 0));
        c.decided(1, 15_500); // a bot decides for the seat out of time: it stays at 0
        assertEquals(List.of(9_000L, 0L), c.remainingAt(15_500, -1));
        c.expire(0);
        assertEquals(List.of(true, true), c.outOfTime());
    }
}
