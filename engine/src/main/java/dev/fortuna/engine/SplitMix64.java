package dev.fortuna.engine;

/**
 * A small, fast, seeded random generator (SplitMix64). The engine draws randomness only from a seed given
 * to it, never from a clock or a shared generator, so the same seed gives the same game everywhere.
 */
public final class SplitMix64 {
    private long state;

    public SplitMix64(long seed) {
        state = seed;
    }

    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, bound), bound &gt; 0 (Lemire's multiply-shift with rejection). */
    public int nextInt(int bound) {
        long m = (nextLong() >>> 32) * bound;
        long low = m & 0xFFFFFFFFL;
        if (low < bound) {
            long threshold = (0x100000000L - bound) % bound;
            while (low < threshold) {
                m = (nextLong() >>> 32) * bound;
                low = m & 0xFFFFFFFFL;
            }
        }
        return (int) (m >>> 32);
    }

    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Fisher–Yates shuffle of {@code a[from..to)}. */
    public void shuffle(int[] a, int from, int to) {
        for (int i = to - 1; i > from; i--) {
            int j = from + nextInt(i - from + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
