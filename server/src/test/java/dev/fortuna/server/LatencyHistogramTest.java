package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void valuesBelow256AreExactAndQuantilesAreNearestRank() {
        LatencyHistogram h = new LatencyHistogram();
        for (int v = 1; v <= 100; v++) {
            h.record(v);
        }
        assertEquals(100, h.count());
        assertEquals(50, h.quantile(0.5));
        assertEquals(90, h.quantile(0.9));
        assertEquals(99, h.quantile(0.99));
        assertEquals(100, h.quantile(0.999)); // rank ceil(99.9) = 100
        assertEquals(100, h.quantile(1));
        assertEquals(1, h.quantile(0.001)); // rank at least 1
        assertEquals(100, h.max());
        assertEquals(50.5e-6, h.meanMs(), 1e-12);
    }

    @Test
    void nearestRankOnFourSamples() {
        LatencyHistogram h = new LatencyHistogram();
        for (long v : new long[] {40, 10, 30, 20}) {
            h.record(v);
        }
        assertEquals(10, h.quantile(0.25));
        assertEquals(20, h.quantile(0.5));
        assertEquals(30, h.quantile(0.75));
        assertEquals(40, h.quantile(0.76));
    }

    @Test
    void aQuantileIsTheUpperEndOfItsBucketCappedAtTheLargestSample() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(1_000_000); // 1 ms: bucket [999,424, 1,003,519] (2^12 wide)
        assertEquals(1_000_000, h.quantile(0.5), "capped at the only sample");
        h.record(2_000_000);
        assertEquals(1_003_519, h.quantile(0.5));
        assertEquals(2_000_000, h.quantile(1));
        assertEquals(1.003519, h.quantileMs(0.5), 1e-12);
    }

    @Test
    void bucketsTileTheRangeAndAreAtMostOnePart128Wide() {
        int last = LatencyHistogram.bucket(LatencyHistogram.MAX_NANOS);
        assertEquals(0, LatencyHistogram.lowest(0));
        assertEquals(LatencyHistogram.MAX_NANOS, LatencyHistogram.highest(last));
        for (int b = 0; b <= last; b++) {
            long lo = LatencyHistogram.lowest(b), hi = LatencyHistogram.highest(b);
            assertEquals(b, LatencyHistogram.bucket(lo), "bucket of the lowest value of " + b);
            assertEquals(b, LatencyHistogram.bucket(hi), "bucket of the highest value of " + b);
            if (b < last) {
                assertEquals(hi + 1, LatencyHistogram.lowest(b + 1), "no gap after bucket " + b);
            }
            if (b >= 256) {
                assertTrue((hi - lo + 1) * 128 <= lo, "bucket " + b + " is " + (hi - lo + 1) + " wide at " + lo);
            } else {
                assertEquals(lo, hi, "bucket " + b + " is exact");
            }
        }
    }

    @Test
    void negativeValuesCountAsZeroAndHugeOnesAtTheTop() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(-5);
        h.record(LatencyHistogram.MAX_NANOS + 1_000);
        assertEquals(0, h.quantile(0.5));
        assertEquals(LatencyHistogram.MAX_NANOS + 1_000, h.max());
        assertEquals(LatencyHistogram.MAX_NANOS, h.quantile(1), "the top bucket's upper end");
    }

    @Test
    void addMergesAndTakeWindowEmpties() {
        LatencyHistogram a = new LatencyHistogram(), b = new LatencyHistogram();
        for (int v = 1; v <= 50; v++) {
            a.record(v);
            b.record(v + 50);
        }
        LatencyHistogram total = new LatencyHistogram();
        total.add(a);
        total.add(b);
        assertEquals(100, total.count());
        assertEquals(50, total.quantile(0.5));
        assertEquals(100, total.max());
        LatencyHistogram w = total.takeWindow();
        assertEquals(100, w.count());
        assertEquals(99, w.quantile(0.99));
        assertEquals(0, total.count());
        assertEquals(0, total.quantile(0.99));
        assertEquals(0, total.max());
    }

    @Test
    void aQuantileOutsideZeroToOneIsRefused() {
        LatencyHistogram h = new LatencyHistogram();
        assertThrows(IllegalArgumentException.class, () -> h.quantile(0));
        assertThrows(IllegalArgumentException.class, () -> h.quantile(1.5));
        assertThrows(IllegalArgumentException.class, () -> h.quantile(Double.NaN));
    }
}
