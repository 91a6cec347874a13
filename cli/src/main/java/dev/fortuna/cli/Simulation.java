package dev.fortuna.cli;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.records.GameRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Plays random games on the engine's fast path and checks cheap invariants at every step: followers are
 * conserved (supply + landscape + crowns = 7 per seat), scores never fall, a game that is not over always has
 * a legal action, and tiles are conserved (placed + discarded + waiting + pile = the pile's length; at the end,
 * every placed tile is on the board).
 */
final class Simulation {
    static final int FOLLOWERS = 7;
    /** At most this many violation messages are kept (all are counted). */
    static final int MAX_MESSAGES = 20;

    /** Totals over all games. */
    record Summary(int games, int players, double seconds, double meanScore, double scoreStdDev, long tilesPlaced,
                   long tilesDiscarded, long actions, long[] winsBySeat, long violations, List<String> messages) {
        double gamesPerSecond() {
            return seconds > 0 ? games / seconds : 0;
        }
    }

    private Simulation() {
    }

    /**
     * Plays {@code games} games; game i uses seed {@code base.seed() + i} for the shuffle and a SplitMix64 seeded
     * with the bitwise complement of that seed for its choices. With {@code recordDir} set, each game's record is
     * written as {@code recordDir/game-<i>.json}.
     */
    static Summary run(GameConfig base, int games, Path recordDir, IntConsumer progress) {
        int players = base.players();
        long t0 = System.nanoTime();
        double sum = 0, sumSq = 0;
        long placed = 0, discarded = 0, actions = 0, violations = 0;
        long[] wins = new long[players];
        List<String> messages = new ArrayList<>();
        int[] prev = new int[players];
        for (int i = 0; i < games; i++) {
            long seed = base.seed() + i;
            GameConfig config = base.withSeed(seed);
            GameRecorder rec = recordDir == null ? null : new GameRecorder(config);
            Check check = new Check(i, seed, messages);
            GameState g = play(config, new SplitMix64(~seed), rec, check, prev);
            violations += check.count;
            actions += check.step;
            placed += g.tilesPlaced();
            discarded += g.tilesDiscarded();
            int best = Integer.MIN_VALUE;
            for (int s = 0; s < players; s++) {
                int sc = g.score(s);
                sum += sc;
                sumSq += (double) sc * sc;
                best = Math.max(best, sc);
            }
            for (int s = 0; s < players; s++) {
                if (g.score(s) == best) {
                    wins[s]++;
                }
            }
            if (rec != null) {
                RecordFiles.write(rec.finish(g), recordDir.resolve("game-" + i + ".json"));
            }
            if (progress != null) {
                progress.accept(i + 1);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long n = (long) games * players;
        double mean = n == 0 ? 0 : sum / n;
        double var = n == 0 ? 0 : Math.max(0, sumSq / n - mean * mean);
        return new Summary(games, players, seconds, mean, Math.sqrt(var), placed, discarded, actions, wins, violations,
                List.copyOf(messages));
    }

    /**
     * Plays one game to the end with random legal choices, checking the invariants after every step; kept apart
     * from the summing loop so that the JIT compiles the hot loop on its own.
     */
    private static GameState play(GameConfig config, SplitMix64 rng, GameRecorder rec, Check check, int[] prev) {
        int players = config.players();
        GameState g = GameState.newGame(config);
        int pileLength = conservedTiles(g);
        int startSquares = landTiles(g);
        java.util.Arrays.fill(prev, 0);
        int step = 0;
        while (true) {
            check.step = step;
            for (int s = 0; s < players; s++) {
                int total = g.supply(s) + g.followersOnLandscape(s) + g.followersOnCrowns(s);
                if (total != FOLLOWERS) {
                    check.fail("seat " + s + " has " + total + " followers (supply " + g.supply(s) + ", landscape "
                            + g.followersOnLandscape(s) + ", crowns " + g.followersOnCrowns(s) + "), not 7");
                }
                int sc = g.score(s);
                if (sc < prev[s]) {
                    check.fail("seat " + s + "'s score fell from " + prev[s] + " to " + sc);
                }
                prev[s] = sc;
            }
            if (conservedTiles(g) != pileLength) {
                check.fail("tiles not conserved: placed " + g.tilesPlaced() + " + discarded " + g.tilesDiscarded()
                        + " + waiting + pile " + g.pileSize() + " = " + conservedTiles(g) + ", not " + pileLength);
            }
            if (g.isOver()) {
                break;
            }
            int n = g.legalCount();
            if (n == 0) {
                check.fail("no legal action in " + g.decision());
                break;
            }
            int choice = rng.nextInt(n);
            if (rec != null) {
                rec.recordCode(g, g.legalCode(choice));
            }
            g.applyLegal(choice);
            step++;
        }
        check.step = step;
        if (g.isOver() && landTiles(g) != startSquares + g.tilesPlaced()) {
            check.fail("the board holds " + landTiles(g) + " land tiles, but " + startSquares + " + "
                    + g.tilesPlaced() + " placed");
        }
        return g;
    }

    /** Tiles accounted for: placed, discarded, the one waiting to be placed and the pile. */
    private static int conservedTiles(GameState g) {
        return g.tilesPlaced() + g.tilesDiscarded() + (g.drawnTile() != null ? 1 : 0) + g.pileSize();
    }

    private static int landTiles(GameState g) {
        int n = 0;
        for (PlacedTile t : g.board()) {
            if (!t.boardSquare()) {
                n++;
            }
        }
        return n;
    }

    /** Counts one game's violations and keeps the first messages. */
    private static final class Check {
        final int game;
        final long seed;
        final List<String> messages;
        int step;
        long count;

        Check(int game, long seed, List<String> messages) {
            this.game = game;
            this.seed = seed;
            this.messages = messages;
        }

        void fail(String what) {
            count++;
            if (messages.size() < MAX_MESSAGES) {
                messages.add("game " + game + " (seed " + seed + "), step " + step + ": " + what);
            }
        }
    }
}
