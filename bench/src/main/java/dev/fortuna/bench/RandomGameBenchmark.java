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
 * Complete random 2-player games per second on one thread: a new game (fresh seed each time, so the pile differs),
 * then uniformly random legal actions from a seeded SplitMix64 through {@code legalCount}/{@code applyLegal} until
 * the game is over. This is the throughput a Monte Carlo bot gets from its playouts (plus game setup).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
// A fixed, pre-touched heap: on this VM, first touches of fresh heap pages made allocation-heavy runs (10 KB
// per copy) slow by up to 100x for seconds at a time; pre-touching removes that noise.
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RandomGameBenchmark {
    @Param({"BASE", "WOF", "WOF_CC"})
    public BenchMode mode;

    private long seed;
    private SplitMix64 choices;

    @Setup
    public void setUp() {
        seed = 1;
        choices = new SplitMix64(0xC0FFEE);
    }

    /** One whole game; returns the number of decisions taken (so that nothing is dead code). */
    @Benchmark
    public int randomGame() {
        GameState s = GameState.newGame(mode.config(2, seed++));
        return BenchMode.playOut(s, choices);
    }
}
