package dev.fortuna.bots;

import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.SplitMix64;

/** Picks a legal action uniformly at random from the seed: the baseline every other bot must beat. */
public final class RandomBot implements Bot {
    @Override
    public String name() {
        return "random";
    }

    @Override
    public int chooseCode(PlayerView view, Budget budget, long seed) {
        int n = view.legalCount();
        if (n == 0) {
            throw new IllegalStateException("no decision to make: the game is over");
        }
        return view.legalCode(new SplitMix64(seed).nextInt(n));
    }
}
