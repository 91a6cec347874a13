package dev.fortuna.engine;

/** Every seat's score, in total and by kind. Invariant: a seat's total is the sum of its points by kind. */
final class Scores {
    private static final int KINDS = ScoreKind.values().length;

    final int[] total;
    private final int[] byKind;

    Scores(int players) {
        total = new int[players];
        byKind = new int[players * KINDS];
    }

    private Scores(Scores o) {
        total = o.total.clone();
        byKind = o.byKind.clone();
    }

    Scores copy() {
        return new Scores(this);
    }

    void add(int seat, int points, ScoreKind kind) {
        total[seat] += points;
        byKind[seat * KINDS + kind.ordinal()] += points;
    }

    int of(int seat, ScoreKind kind) {
        return byKind[seat * KINDS + kind.ordinal()];
    }

    /** The highest score. */
    int best() {
        int best = Integer.MIN_VALUE;
        for (int s : total) {
            best = Math.max(best, s);
        }
        return best;
    }
}
