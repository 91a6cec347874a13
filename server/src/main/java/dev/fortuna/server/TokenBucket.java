package dev.fortuna.server;

/**
 * Flood control for one connection: {@code burst} messages at once, refilled at {@code perSecond}. A message
 * beyond that is refused (and answered with THROTTLED), never queued.
 */
final class TokenBucket {
    private final double perSecond, burst;
    private double tokens;
    private long last;

    TokenBucket(double perSecond, double burst) {
        this.perSecond = perSecond;
        this.burst = burst;
        this.tokens = burst;
        this.last = System.nanoTime();
    }

    synchronized boolean take() {
        long now = System.nanoTime();
        tokens = Math.min(burst, tokens + (now - last) / 1e9 * perSecond);
        last = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
