package dev.fortuna.engine;

/**
 * The six sectors of the Wheel of Fortune, clockwise from the top (RULES.md §3.2). The pig starts on
 * {@link #FORTUNE} and moves {@code (pig + n) mod 6}.
 */
public enum Sector {
    FORTUNE("Fortune"), TAX("Tax"), FAMINE("Famine"), STORM("Storm"), INQUISITION("Inquisition"), PLAGUE("Plague");

    private static final Sector[] VALUES = values();
    public final String label;

    Sector(String label) {
        this.label = label;
    }

    public static Sector of(int index) {
        return VALUES[Math.floorMod(index, 6)];
    }

    public Sector advance(int steps) {
        return of(ordinal() + steps);
    }

    public static Sector parse(String s) {
        for (Sector x : VALUES) {
            if (x.label.equalsIgnoreCase(s) || x.name().equalsIgnoreCase(s)) {
                return x;
            }
        }
        throw new IllegalArgumentException("unknown sector '" + s + "'");
    }
}
