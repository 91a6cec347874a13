package dev.fortuna.bench;

import dev.fortuna.bots.Budget;
import dev.fortuna.bots.GreedyBot;
import dev.fortuna.bots.MctsBot;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Seat;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * MCTS search speed: iterations per second on a mid-game position (2 players, Wheel of Fortune + Crop Circles, the
 * Wheel of Fortune or the base game, 20 decisions played by the greedy bot), one search of {@value #ITERATIONS}
 * iterations per invocation, with one and with two threads (root parallelism). Scores are iterations/s.
 *
 * <pre>java -jar bench/target/benchmarks.jar MctsBench</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"}) // as the other benchmarks: no first-touch page faults
public class MctsBench {
    static final int ITERATIONS = 1000;

    @Param({"1", "2"})
    public int threads;

    /**
     * The game, {@code base} or expansion keys: Wheel of Fortune + Crop Circles (its evaluation is the fitted one),
     * the Wheel of Fortune (the fitted one with the openings' need, which counts the tiles that fit every opening at
     * each leaf), or the base game (the standard formula on its tuned weights, which counts them too).
     */
    @Param({"wheel-of-fortune,crop-circles", "wheel-of-fortune", "base"})
    public String mode;

    private PlayerView view;
    private final MctsBot bot = new MctsBot();
    private long seed;

    @Setup(Level.Trial)
    public void setUp() {
        GameConfig.Builder config = GameConfig.builder().players(2).seed(2026);
        if (!mode.equals("base")) {
            for (String key : mode.split(",")) {
                config.expansion(ExpansionId.parse(key));
            }
        }
        GameState g = GameState.newGame(config.build());
        GreedyBot greedy = new GreedyBot();
        for (int i = 0; i < 20; i++) {
            g.applyCode(greedy.chooseCode(g.viewFor(Seat.of(g.decidingSeat())), Budget.iterations(1), i), null);
        }
        view = g.viewFor(Seat.of(g.decidingSeat()));
    }

    @Benchmark
    @OperationsPerInvocation(ITERATIONS)
    public int search() {
        return bot.search(view, Budget.iterations(ITERATIONS).withThreads(threads), seed++).best();
    }
}
