package dev.fortuna.engine;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The answer to {@link GameState#apply(Seat, Action)}: what happened, or why nothing did. */
public sealed interface ApplyResult {
    boolean ok();

    /** The action was legal and applied; the events it caused, in order. */
    record Applied(List<Event> events) implements ApplyResult {
        public boolean ok() {
            return true;
        }
    }

    /**
     * The action was not legal; the state is unchanged. {@code code} and {@code args} say why in a form a client
     * can act on (the arguments each code carries are listed on {@link RejectionCode}); {@code reason} says it in
     * English.
     */
    record Rejected(RejectionCode code, Map<RejectionArg, Object> args, String reason) implements ApplyResult {
        public Rejected {
            if (code == null || reason == null) {
                throw new IllegalArgumentException("a rejection needs a code and a reason");
            }
            // An EnumMap iterates in argument order, so equal rejections also print and serialise alike.
            EnumMap<RejectionArg, Object> m = new EnumMap<>(RejectionArg.class);
            if (args != null) {
                m.putAll(args);
            }
            args = Collections.unmodifiableMap(m);
        }

        /** A rejection whose arguments are given as name, value pairs (names are {@link RejectionArg}s). */
        static Rejected of(RejectionCode code, String reason, Object... pairs) {
            EnumMap<RejectionArg, Object> m = new EnumMap<>(RejectionArg.class);
            for (int i = 0; i < pairs.length; i += 2) {
                if (pairs[i + 1] != null) {
                    m.put((RejectionArg) pairs[i], pairs[i + 1]);
                }
            }
            return new Rejected(code, m, reason);
        }

        public boolean ok() {
            return false;
        }
    }
}
