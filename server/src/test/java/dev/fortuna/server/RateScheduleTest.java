package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RateScheduleTest {
    static final long START = 1_000_000_000L;

    @Test
    void theMeanIntervalSpreadsTheRateOverTheGames() {
        assertEquals(100_000_000L, new RateSchedule(START, 200, 2000, 1).meanNanos()); // 200 games at 2000/s: 100 ms
        assertEquals(500_000_000L, new RateSchedule(START, 1000, 2000, 1).meanNanos());
        assertEquals(1_000_000L, new RateSchedule(START, 1, 1000, 1).meanNanos());
    }

    @Test
    void theFirstActionFallsWithinOneMeanAndEachThinkTimeWithinHalfToOneAndAHalfMeans() {
        RateSchedule s = new RateSchedule(START, 200, 2000, 7);
        long mean = s.meanNanos();
        long first = s.take();
        assertTrue(first >= START && first < START + mean, "first at " + (first - START));
        long prev = first;
        long sum = 0;
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            long t = s.take();
            long think = t - prev;
            assertTrue(think >= mean / 2 && think < mean / 2 + mean, "think time " + think);
            sum += think;
            prev = t;
        }
        // A fixed seed: this is the same sum on every run; uniform think times average one mean.
        assertEquals(1.0, sum / (double) n / mean, 0.01);
    }

    @Test
    void allGamesTogetherOfferTheRate() {
        int games = 100;
        double rate = 1000;
        long horizon = START + 60_000_000_000L; // one simulated minute
        long count = 0;
        for (int g = 0; g < games; g++) {
            RateSchedule s = new RateSchedule(START, games, rate, g);
            while (s.take() < horizon) {
                count++;
            }
        }
        assertEquals(60_000, count, 600); // within 1% of 60 s at 1000/s (fixed seeds: the same count every run)
    }

    @Test
    void intendedTimesDoNotWaitForTheServer() {
        // The same seed gives the same chain however late each action is taken: a late answer does not push the
        // next intended send time back (no coordinated omission).
        RateSchedule onTime = new RateSchedule(START, 10, 100, 3), late = new RateSchedule(START, 10, 100, 3);
        long[] a = new long[50], b = new long[50];
        for (int i = 0; i < 50; i++) {
            a[i] = onTime.take();
        }
        for (int i = 0; i < 50; i++) {
            assertEquals(a[i], late.peek());
            b[i] = late.take();
        }
        assertArrayEquals(a, b);
        long[] other = new long[50];
        RateSchedule s = new RateSchedule(START, 10, 100, 4);
        for (int i = 0; i < 50; i++) {
            other[i] = s.take();
        }
        assertFalse(Arrays.equals(a, other), "another seed, other think times");
    }

    @Test
    void behindCountsTheIntendedActionsNotYetTaken() {
        RateSchedule s = new RateSchedule(START, 10, 100, 5); // a mean of 100 ms
        long next = s.peek();
        assertEquals(0, s.behindAt(next));
        assertEquals(1, s.behindAt(next + 1));
        assertEquals(6, s.behindAt(next + 550_000_000L)); // the next one, and 5 more mean intervals
        s.take();
        assertEquals(0, s.behindAt(next + 1));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RateSchedule(START, 0, 100, 1));
        assertThrows(IllegalArgumentException.class, () -> new RateSchedule(START, 10, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new RateSchedule(START, 10, Double.NaN, 1));
    }
}
