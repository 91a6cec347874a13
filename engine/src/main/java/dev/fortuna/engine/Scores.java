package dev.fortuna.engine;

import java.util.Arrays;

/**
 * Every seat's score, in total and by kind, in one array (one clone per copy): entry {@code seat} is the seat's
 * total, entry {@code players + seat * KINDS + kind} its points of a {@link ScoreKind}. Invariant: a seat's total is
 * the sum of its points by kind.
 */
final class Scores {
    private static final int KINDS = ScoreKind.values().length;

    private final int players;
    private final int[] points;

    Scores(int players) {
        this.players = players;
        points = new int[players * (1 + KINDS)];
    }

    private Scores(Scores o) {
        players = o.players;
        points = o.points.clone();
    }

    Scores copy() {
        return new Scores(this);
    }

    void add(int seat, int value, ScoreKind kind) {
        points[seat] += value;
        points[players + seat * KINDS + kind.ordinal()] += value;
    }

    int total(int seat) {
        return points[seat];
    }

    int[] totals() {
        return Arrays.copyOf(points, players);
    }

    int of(int seat, ScoreKind kind) {
        return points[players + seat * KINDS + kind.ordinal()];
    }

    /** The highest score. */
    int best() {
        int best = Integer.MIN_VALUE;
        for (int s = 0; s < players; s++) {
            best = Math.max(best, points[s]);
        }
        return best;
    }
}
