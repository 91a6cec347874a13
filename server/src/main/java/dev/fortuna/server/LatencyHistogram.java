package dev.fortuna.server;

/**
 * Latencies in nanoseconds, counted in log-linear buckets of fixed memory (about 34 KB), so that a run of any
 * length keeps every sample: values below 256 ns are exact; above, each power of two is split into 128 buckets,
 * so a bucket is at most 1/128 (0.8%) of its values wide. A quantile is the upper end of the bucket holding the
 * sample of nearest rank {@code ceil(q * n)}: it is never below the true sample and at most 0.8% above it. Values
 * above {@link #MAX_NANOS} are counted as that value (and {@link #max()} tells the true largest).
 *
 * <p>Thread-safe: every method holds this object's monitor.
 */
final class LatencyHistogram {
    /** The largest value told apart: about 137 s (2^37 ns). */
    static final long MAX_NANOS = (1L << 37) - 1;
    private static final int SUB_BITS = 7, SUB = 1 << SUB_BITS;

    private final long[] counts = new long[bucket(MAX_NANOS) + 1];
    private long n, sum, min = Long.MAX_VALUE, max = Long.MIN_VALUE;

    /** The bucket of {@code v} (0 ≤ v ≤ MAX_NANOS): the value itself below 2·SUB, else (shift, top 8 bits). */
    static int bucket(long v) {
        if (v < 2 * SUB) {
            return (int) v;
        }
        int shift = 63 - Long.numberOfLeadingZeros(v) - SUB_BITS;
        return (shift << SUB_BITS) + (int) (v >>> shift);
    }

    /** The smallest value in bucket {@code b}. */
    static long lowest(int b) {
        if (b < 2 * SUB) {
            return b;
        }
        int shift = (b >>> SUB_BITS) - 1;
        return (long) (b - (shift << SUB_BITS)) << shift;
    }

    /** The largest value in bucket {@code b}. */
    static long highest(int b) {
        return b < 2 * SUB ? b : lowest(b + 1) - 1;
    }

    /** Counts one latency; a negative one (a clock that went back) counts as 0. */
    synchronized void record(long nanos) {
        long v = Math.max(0, nanos);
        counts[bucket(Math.min(v, MAX_NANOS))]++;
        n++;
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    /** Adds every sample of {@code other} (which must not be this histogram). */
    void add(LatencyHistogram other) {
        LatencyHistogram copy = other.copy();
        synchronized (this) {
            for (int i = 0; i < counts.length; i++) {
                counts[i] += copy.counts[i];
            }
            n += copy.n;
            sum += copy.sum;
            min = Math.min(min, copy.min);
            max = Math.max(max, copy.max);
        }
    }

    synchronized LatencyHistogram copy() {
        LatencyHistogram c = new LatencyHistogram();
        System.arraycopy(counts, 0, c.counts, 0, counts.length);
        c.n = n;
        c.sum = sum;
        c.min = min;
        c.max = max;
        return c;
    }

    /** A copy of the samples so far, and this histogram emptied (one window of a soak). */
    synchronized LatencyHistogram takeWindow() {
        LatencyHistogram c = copy();
        java.util.Arrays.fill(counts, 0);
        n = 0;
        sum = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        return c;
    }

    synchronized long count() {
        return n;
    }

    /**
     * The q-quantile (0 < q ≤ 1) in nanoseconds: the upper end of the bucket of the sample of rank
     * {@code ceil(q * n)} (at least 1), capped at the largest sample; 0 when there are none.
     */
    synchronized long quantile(double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("a quantile is above 0 and at most 1, not " + q);
        }
        if (n == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int b = 0; b < counts.length; b++) {
            seen += counts[b];
            if (seen >= rank) {
                return Math.min(highest(b), max);
            }
        }
        throw new IllegalStateException("counts add up to less than " + n);
    }

    /** {@link #quantile} in milliseconds. */
    double quantileMs(double q) {
        return quantile(q) / 1e6;
    }

    synchronized long max() {
        return n == 0 ? 0 : max;
    }

    synchronized double meanMs() {
        return n == 0 ? 0 : sum / 1e6 / n;
    }
}
