package dev.fortuna.bench;

import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import org.openjdk.jol.info.GraphLayout;

/**
 * Prints the memory of one game state (JOL, {@code GraphLayout.parseInstance(state).totalSize()}) for a fresh, a
 * mid-game (35 tiles placed) and an end state, per mode, 2 players.
 *
 * <p>What is counted: "reachable" is everything reachable from the state, which includes what the game's states
 * share and never write: the rules (configuration, tile types with their lookup tables, the pile multiset, the
 * wheel board) and the draw pile array. "per copy" is what one more {@code copy()} adds: the size of the graph of
 * {state, copy} minus that of {state}; it is the true marginal cost of a copy, as everything shared is counted once.
 * The transient legal-action cache is included when it has been built (it is not copied).
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar dev.fortuna.bench.StateFootprint [detail]} ({@code detail}
 * adds, per mode, the per-copy footprint of the mid-game state by class).
 */
public final class StateFootprint {
    private StateFootprint() {
    }

    public static void main(String[] args) {
        // Records' field offsets are not available through Unsafe on JDK 17; JOL can find them by probing instead.
        // Must be set before the first JOL class loads (or run with -Djdk.attach.allowAttachSelf=true).
        if (System.getProperty("jdk.attach.allowAttachSelf") == null) {
            System.setProperty("jol.magicFieldOffset", "true");
        }
        System.out.printf("%-7s %-8s %6s %12s %12s%n", "mode", "state", "tiles", "reachable B", "per copy B");
        for (BenchMode mode : BenchMode.values()) {
            GameState fresh = GameState.newGame(mode.config(2, 1));
            GameState mid = BenchMode.playUntilPlaced(GameState.newGame(mode.config(2, 1)), new SplitMix64(7),
                    CopyBenchmark.MID_GAME_TILES);
            GameState end = GameState.newGame(mode.config(2, 1));
            BenchMode.playOut(end, new SplitMix64(7));
            print(mode, "fresh", fresh);
            print(mode, "mid", mid);
            print(mode, "end", end);
        }
        if (args.length > 0 && args[0].equals("detail")) {
            // What one copy of a mid-game state is made of, by class.
            for (BenchMode mode : BenchMode.values()) {
                GameState mid = BenchMode.playUntilPlaced(GameState.newGame(mode.config(2, 1)), new SplitMix64(7),
                        CopyBenchmark.MID_GAME_TILES);
                GraphLayout own = GraphLayout.parseInstance(mid, mid.copy()).subtract(GraphLayout.parseInstance(mid));
                System.out.println();
                System.out.println(mode + ", one copy of the mid-game state:");
                System.out.print(own.toFootprint());
            }
        }
    }

    private static void print(BenchMode mode, String label, GameState s) {
        long reachable = GraphLayout.parseInstance(s).totalSize();
        long perCopy = GraphLayout.parseInstance(s, s.copy()).totalSize() - reachable;
        System.out.printf("%-7s %-8s %6d %12d %12d%n", mode, label, s.tilesPlaced(), reachable, perCopy);
    }
}
