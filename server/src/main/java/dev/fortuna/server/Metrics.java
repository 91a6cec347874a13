package dev.fortuna.server;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters and the latency of applying actions (receipt to acknowledgement, storage included) over the last
 * {@link #WINDOW} actions, for {@code /metrics}.
 */
final class Metrics {
    static final int WINDOW = 10_000;

    final AtomicLong actionsApplied = new AtomicLong();
    final AtomicLong actionsRejected = new AtomicLong();
    private final long[] latencyNanos = new long[WINDOW];
    private long samples;

    /** A snapshot for {@code /metrics}. */
    record Snapshot(int gamesRunning, int gamesOpen, long actionsApplied, long actionsRejected, int connections,
                    double actionLatencyP50Ms, double actionLatencyP99Ms, long latencySamples) {
    }

    synchronized void recordLatency(long nanos) {
        latencyNanos[(int) (samples++ % WINDOW)] = nanos;
    }

    /** The p-quantile (0..1) of the recorded latencies in milliseconds; 0 when there are none. */
    synchronized double quantileMs(double p) {
        int n = (int) Math.min(samples, WINDOW);
        if (n == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(latencyNanos, n);
        Arrays.sort(sorted);
        int i = (int) Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1));
        return sorted[i] / 1e6;
    }

    synchronized long samples() {
        return samples;
    }
}
