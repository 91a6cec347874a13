package dev.fortuna.bench;

import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecorder;
import dev.fortuna.records.GameRecords;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The time to write one finished game record as JSON text: a 3-player Wheel of Fortune + Crop Circles game
 * (seed 1, random choices from SplitMix64(7); 183 actions, every action kind), the game the records module's
 * golden file {@code wof-cc-3p-seed1.json} holds. Simulations and the server write one record per game.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RecordWriteBenchmark {
    private GameRecord record;

    @Setup
    public void setUp() {
        GameState g = GameState.newGame(BenchMode.WOF_CC.config(3, 1));
        GameRecorder rec = new GameRecorder(g.config());
        SplitMix64 rng = new SplitMix64(7);
        while (!g.isOver()) {
            int code = g.legalCode(rng.nextInt(g.legalCount()));
            rec.recordCode(g, code);
            g.applyCode(code, null);
        }
        record = rec.finish(g);
        if (record.actions().size() != 183 || record.scores() == null) {
            throw new IllegalStateException("not the benchmark's game: " + record.actions().size() + " actions");
        }
    }

    @Benchmark
    public String toJson() {
        return GameRecords.toJson(record);
    }
}
