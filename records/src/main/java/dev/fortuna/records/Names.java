package dev.fortuna.records;

import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.WheelOptions;

/**
 * The readable names of configuration enums, shared by records and the command line. They are part of the
 * record format: never change one, only add.
 */
public final class Names {
    private Names() {
    }

    public static String farmRule(RuleOptions.FarmRule f) {
        return switch (f) {
            case THIRD_EDITION -> "third-edition";
            case SECOND_EDITION -> "second-edition";
            case FIRST_EDITION -> "first-edition";
        };
    }

    public static String tileMode(WheelOptions.TileMode t) {
        return switch (t) {
            case STANDALONE -> "standalone";
            case BASE_PLUS_WHEEL_TILES -> "base+numbered";
            case BASE_PLUS_ALL -> "base+all";
        };
    }

    public static String famine(WheelOptions.FamineRule f) {
        return switch (f) {
            case ALL_FARMERS -> "all";
            case MAJORITY -> "majority";
            case PER_FIELD -> "per-field";
        };
    }

    static RuleOptions.FarmRule parseFarmRule(String s, String entry) throws RecordException {
        for (RuleOptions.FarmRule f : RuleOptions.FarmRule.values()) {
            if (farmRule(f).equals(s)) {
                return f;
            }
        }
        throw new RecordException(entry, "unknown farm rule '" + s + "' (third-edition, second-edition, first-edition)");
    }

    static WheelOptions.TileMode parseTileMode(String s, String entry) throws RecordException {
        for (WheelOptions.TileMode t : WheelOptions.TileMode.values()) {
            if (tileMode(t).equals(s)) {
                return t;
            }
        }
        throw new RecordException(entry, "unknown wheel tile mode '" + s + "' (standalone, base+numbered, base+all)");
    }

    static WheelOptions.FamineRule parseFamine(String s, String entry) throws RecordException {
        for (WheelOptions.FamineRule f : WheelOptions.FamineRule.values()) {
            if (famine(f).equals(s)) {
                return f;
            }
        }
        throw new RecordException(entry, "unknown famine rule '" + s + "' (all, majority, per-field)");
    }
}
