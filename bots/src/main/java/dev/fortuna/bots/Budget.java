package dev.fortuna.bots;

/**
 * How much a bot may think about one decision: at most {@code iterations} search iterations (0 = no limit)
 * and at most {@code millis} milliseconds of wall time (0 = no limit), on {@code threads} threads. With a time
 * limit the choice depends on the machine's speed; with only an iteration limit and one thread it is exactly
 * reproducible. Bots that do not search ignore the budget.
 */
public record Budget(int iterations, long millis, int threads) {
    public Budget {
        if (iterations < 0 || millis < 0) {
            throw new IllegalArgumentException("budget must not be negative");
        }
        if (iterations == 0 && millis == 0) {
            throw new IllegalArgumentException("a budget needs an iteration or a time limit");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
    }

    public static Budget iterations(int n) {
        return new Budget(n, 0, 1);
    }

    public static Budget millis(long ms) {
        return new Budget(0, ms, 1);
    }

    public Budget withThreads(int t) {
        return new Budget(iterations, millis, t);
    }

    @Override
    public String toString() {
        String s = iterations > 0 ? iterations + " iterations" : "";
        if (millis > 0) {
            s += (s.isEmpty() ? "" : ", ") + millis + " ms";
        }
        return s + (threads > 1 ? ", " + threads + " threads" : "");
    }
}
