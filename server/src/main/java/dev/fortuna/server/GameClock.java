package dev.fortuna.server;

import java.util.ArrayList;
import java.util.List;

/**
 * A game clock: each seat has a total time, spends it while it decides, and gets an increment after each decision
 * made in time. A seat whose time runs out is out of time for the rest of the game (a bot decides for it). Times are
 * wall-clock milliseconds given by the caller, so that a stored game replays to the same clock.
 *
 * <p>Not thread-safe: its {@link LiveGame}'s monitor guards it.
 */
final class GameClock {
    final long totalMillis, incrementMillis;
    private final long[] remaining;
    private final boolean[] outOfTime;
    private long decisionStarted = -1;

    GameClock(int seats, long totalMillis, long incrementMillis) {
        this.totalMillis = totalMillis;
        this.incrementMillis = incrementMillis;
        this.remaining = new long[seats];
        this.outOfTime = new boolean[seats];
        java.util.Arrays.fill(remaining, totalMillis);
    }

    /** The game starts running (or a restarted server resumes it): the current decision's time counts from now. */
    void startDecision(long now) {
        decisionStarted = now;
    }

    /**
     * The time the current decision has taken at {@code now}: what {@link #decided(int, Long, long)} charges, and
     * what is stored with the action (a restart replays that, not the wall clock between stored actions, which
     * would charge the time the server was down). Null before the game runs: nothing is charged then.
     */
    Long spent(long now) {
        return decisionStarted < 0 ? null : Math.max(0, now - decisionStarted);
    }

    /** {@code seat} decided at {@code now}: its thinking time is spent, and the increment earned if it was in time. */
    void decided(int seat, long now) {
        decided(seat, spent(now), now);
    }

    /**
     * {@code seat} decided at {@code now} after {@code spentMillis} on its clock (null: before the game ran): the
     * time is spent, and the increment earned if it was in time. The next decision's time counts from {@code now}.
     */
    void decided(int seat, Long spentMillis, long now) {
        if (spentMillis != null) {
            remaining[seat] -= spentMillis;
            if (remaining[seat] < 0) {
                remaining[seat] = 0;
                outOfTime[seat] = true;
            } else if (!outOfTime[seat]) {
                remaining[seat] += incrementMillis;
            }
        }
        decisionStarted = now;
    }

    /** Marks a seat out of time (its deadline passed while it decided). */
    void expire(int seat) {
        remaining[seat] = 0;
        outOfTime[seat] = true;
    }

    boolean outOfTime(int seat) {
        return outOfTime[seat];
    }

    /** When the seat deciding now runs out of time, or -1 before the game runs. */
    long deadline(int seat) {
        return decisionStarted < 0 ? -1 : decisionStarted + remaining[seat];
    }

    /** Each seat's remaining time at {@code now}; {@code deciding} is charged for the current decision so far. */
    List<Long> remainingAt(long now, int deciding) {
        List<Long> out = new ArrayList<>();
        for (int s = 0; s < remaining.length; s++) {
            long r = remaining[s];
            if (s == deciding && decisionStarted >= 0 && !outOfTime[s]) {
                r = Math.max(0, r - (now - decisionStarted));
            }
            out.add(r);
        }
        return out;
    }

    List<Boolean> outOfTime() {
        List<Boolean> out = new ArrayList<>();
        for (boolean b : outOfTime) {
            out.add(b);
        }
        return out;
    }
}
