package dev.fortuna.server;

import java.util.SplittableRandom;

/**
 * When the people of one game mean to act, for an offered rate spread over many games (open loop). A game's
 * decisions come one after another, so each game has one chain of intended send times: the first at a random phase
 * within one mean interval of the start (so that games do not act in step), each next one a think time after the
 * previous intended time, drawn uniformly from half to one and a half mean intervals. The mean interval is
 * {@code games / rate}, so that all games together offer {@code rate} actions per second.
 *
 * <p>The chain never waits for the server: when an answer comes late, the next intended time does not move, so the
 * latency measured from it includes the time the person had to wait (no coordinated omission), and a server that
 * cannot keep up falls further and further behind the chain.
 *
 * <p>Not thread-safe: one per game slot, used under that slot's lock.
 */
final class RateSchedule {
    private final long meanNanos;
    private final SplittableRandom random;
    private long next;

    /**
     * @param startNanos   the run's start ({@link System#nanoTime()} scale)
     * @param games        games sharing the rate
     * @param ratePerSecond actions per second offered by all games together
     * @param seed         the think times' random source (a run is reproducible in its schedule)
     */
    RateSchedule(long startNanos, int games, double ratePerSecond, long seed) {
        if (games < 1 || !(ratePerSecond > 0)) {
            throw new IllegalArgumentException("games must be at least 1 and the rate positive");
        }
        this.meanNanos = Math.round(games * 1e9 / ratePerSecond);
        this.random = new SplittableRandom(seed);
        this.next = startNanos + (long) (random.nextDouble() * meanNanos);
    }

    /** The mean interval between one game's actions. */
    long meanNanos() {
        return meanNanos;
    }

    /** The intended send time of the next action (not yet taken). */
    long peek() {
        return next;
    }

    /** The intended send time of the next action; the one after it is a think time later. */
    long take() {
        long t = next;
        next = t + meanNanos / 2 + (long) (random.nextDouble() * meanNanos);
        return t;
    }

    /** How many intended actions lie before {@code nanos} and are not yet taken (how far behind a game is). */
    long behindAt(long nanos) {
        if (next >= nanos) {
            return 0;
        }
        // An estimate from the mean interval: the exact count would draw think times the game has not reached.
        return 1 + (nanos - next) / meanNanos;
    }
}
