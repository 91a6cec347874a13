package dev.fortuna.bots;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.PlayerView;

/**
 * A computer player. It is given only the deciding seat's {@link PlayerView} (never the game state itself, so it
 * cannot see the order of the draw pile), a budget and a seed, and returns one of the view's legal action codes.
 * The same view, budget (with an iteration limit and one thread) and seed give the same choice.
 *
 * <p>The view belongs to the seat that decides now, which need not be the active seat (Plague returns and crop
 * circle add/remove are decided by every seat in turn); a bot handles every decision kind.
 */
public interface Bot {

    /** A short name for reports, e.g. {@code greedy}. */
    String name();

    /** The code of one legal action of {@code view} (see {@link PlayerView#legalCodes()}). */
    int chooseCode(PlayerView view, Budget budget, long seed);

    /** As {@link #chooseCode}, decoded. */
    default Action choose(PlayerView view, Budget budget, long seed) {
        return Action.decode(chooseCode(view, budget, seed));
    }
}
