package dev.fortuna.bench;

import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.WheelOptions;

/** The game modes the benchmarks measure (a JMH {@code @Param} takes these names). */
public enum BenchMode {
    /** The base game (71 tiles to place). */
    BASE,
    /** Wheel of Fortune standalone, the default (72 tiles, the wheel board starts). */
    WOF,
    /** Wheel of Fortune standalone with both Crop Circles sets (84 tiles). */
    WOF_CC;

    public GameConfig config(int players, long seed) {
        GameConfig.Builder b = GameConfig.builder().players(players).seed(seed);
        switch (this) {
            case BASE -> {
            }
            case WOF -> b.wheel(WheelOptions.DEFAULT);
            case WOF_CC -> b.wheel(WheelOptions.DEFAULT).cropCircles(CropCircleOptions.DEFAULT);
        }
        return b.build();
    }

    /** Plays uniformly random legal actions (fast path) until the game ends; returns the decisions taken. */
    public static int playOut(GameState s, SplitMix64 rng) {
        int steps = 0;
        while (!s.isOver()) {
            s.applyLegal(rng.nextInt(s.legalCount()));
            steps++;
        }
        return steps;
    }

    /** Plays random legal actions until {@code tiles} tiles are placed (or the game ends). */
    public static GameState playUntilPlaced(GameState s, SplitMix64 rng, int tiles) {
        while (!s.isOver() && s.tilesPlaced() < tiles) {
            s.applyLegal(rng.nextInt(s.legalCount()));
        }
        return s;
    }
}
