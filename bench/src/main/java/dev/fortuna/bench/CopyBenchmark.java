package dev.fortuna.bench;

import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The time to {@code copy()} a mid-game state: a 2-player game after 35 tiles have been placed by random play
 * (seed 1, choices from SplitMix64(7)), for the base game and Wheel of Fortune standalone. Search bots copy a state
 * once per simulation, so this is their per-playout overhead.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
// A fixed, pre-touched heap: on this VM, first touches of fresh heap pages made allocation-heavy runs (10 KB
// per copy) slow by up to 100x for seconds at a time; pre-touching removes that noise.
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CopyBenchmark {
    /** Tiles placed before the state is copied. */
    public static final int MID_GAME_TILES = 35;

    @Param({"BASE", "WOF"})
    public BenchMode mode;

    private GameState midGame;

    @Setup
    public void setUp() {
        midGame = BenchMode.playUntilPlaced(GameState.newGame(mode.config(2, 1)), new SplitMix64(7), MID_GAME_TILES);
        if (midGame.tilesPlaced() != MID_GAME_TILES) {
            throw new IllegalStateException("mid-game state has " + midGame.tilesPlaced() + " tiles");
        }
    }

    @Benchmark
    public GameState copy() {
        return midGame.copy();
    }
}
