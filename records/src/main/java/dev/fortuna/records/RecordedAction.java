package dev.fortuna.records;

import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.Sector;
import java.util.Locale;

/**
 * One action as a record stores it: the seat that took it and what it did, with features named as in the
 * tile notation ({@code C1}, {@code F2}, …) rather than by index, so that a record stays readable. A seat of
 * {@link #ANY_SEAT} means the record did not say (hand-written records may leave it out); it is then not checked.
 */
public sealed interface RecordedAction {
    int ANY_SEAT = -1;

    int seat();

    /** The JSON {@code action} name. */
    String name();

    /** A short description for messages, e.g. {@code seat 1, place x=3 y=-1 rotation 90}. */
    default String describe() {
        String who = seat() == ANY_SEAT ? "" : "seat " + seat() + ", ";
        return who + name() + details();
    }

    String details();

    record Place(int seat, int x, int y, int rotation) implements RecordedAction {
        public String name() {
            return "place";
        }

        public String details() {
            return " x=" + x + " y=" + y + " rotation " + rotation;
        }
    }

    record Deploy(int seat, String feature) implements RecordedAction {
        public String name() {
            return "deploy";
        }

        public String details() {
            return " " + feature;
        }
    }

    record Crown(int seat, Sector sector) implements RecordedAction {
        public String name() {
            return "crown";
        }

        public String details() {
            return " " + sector.label;
        }
    }

    record Pass(int seat) implements RecordedAction {
        public String name() {
            return "pass";
        }

        public String details() {
            return "";
        }
    }

    record Return(int seat, int x, int y, String feature) implements RecordedAction {
        public String name() {
            return "return";
        }

        public String details() {
            return " x=" + x + " y=" + y + " " + feature;
        }
    }

    record CropChoice(int seat, CropCircleOption option) implements RecordedAction {
        public String name() {
            return "crop-choice";
        }

        public String details() {
            return " " + option.name().toLowerCase(Locale.ROOT);
        }
    }

    record Add(int seat, int x, int y, String feature) implements RecordedAction {
        public String name() {
            return "add";
        }

        public String details() {
            return " x=" + x + " y=" + y + " " + feature;
        }
    }
}
