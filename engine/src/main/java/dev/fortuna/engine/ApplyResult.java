package dev.fortuna.engine;

import java.util.List;

/** The answer to {@link GameState#apply(Action)}: what happened, or why nothing did. */
public sealed interface ApplyResult {
    boolean ok();

    /** The action was legal and applied; the events it caused, in order. */
    record Applied(List<Event> events) implements ApplyResult {
        public boolean ok() {
            return true;
        }
    }

    /** The action was not legal; the state is unchanged. */
    record Rejected(String reason) implements ApplyResult {
        public boolean ok() {
            return false;
        }
    }
}
