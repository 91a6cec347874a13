package dev.fortuna.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.SplitMix64;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bot plays whole games of every expansion combination with 2–5 players, deciding only legal actions. */
class BotGamesTest {
    static final Set<ExpansionId> BASE = EnumSet.noneOf(ExpansionId.class);

    static Stream<Arguments> combos() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Set<ExpansionId> ex : List4.EXPANSIONS) {
            for (int p = 2; p <= 5; p++) {
                b.add(Arguments.of(ex, p));
            }
        }
        return b.build();
    }

    static final class List4 {
        static final java.util.List<Set<ExpansionId>> EXPANSIONS = java.util.List.of(
                BASE, EnumSet.of(ExpansionId.WHEEL_OF_FORTUNE), EnumSet.of(ExpansionId.CROP_CIRCLES),
                EnumSet.of(ExpansionId.WHEEL_OF_FORTUNE, ExpansionId.CROP_CIRCLES));
    }

    static GameConfig config(Set<ExpansionId> ex, int players, long seed) {
        GameConfig.Builder b = GameConfig.builder().players(players).seed(seed);
        for (ExpansionId e : ex) {
            b.expansion(e);
        }
        return b.build();
    }

    /**
     * Over a few Wheel of Fortune + Crop Circles games, each bot decides every decision kind, deploys on crown
     * spaces, and decides for a seat that is not the active one (Plague returns, crop-circle add/remove).
     */
    @org.junit.jupiter.api.Test
    void everyBotMeetsEveryDecisionKind() {
        for (String spec : java.util.List.of("random", "greedy", "mcts:iters=10")) {
            BotSpec bot = BotSpec.parse(spec);
            java.util.Set<dev.fortuna.engine.DecisionKind> seen = EnumSet.noneOf(dev.fortuna.engine.DecisionKind.class);
            int crowns = 0, otherSeat = 0;
            for (long seed = 1; seed <= 6; seed++) {
                GameState g = GameState.newGame(config(List4.EXPANSIONS.get(3), 3, seed));
                SplitMix64 seeds = new SplitMix64(seed);
                while (!g.isOver()) {
                    int seat = g.decidingSeat();
                    int code = bot.chooseCode(g.viewFor(Seat.of(seat)), seeds.nextLong());
                    seen.add(g.decisionKind());
                    if (seat != g.activeSeat().index()) {
                        otherSeat++;
                    }
                    if (dev.fortuna.engine.Action.decode(code) instanceof dev.fortuna.engine.Action.DeployOnCrown) {
                        crowns++;
                    }
                    g.applyCode(code, null);
                }
            }
            seen.add(dev.fortuna.engine.DecisionKind.GAME_OVER);
            assertEquals(EnumSet.allOf(dev.fortuna.engine.DecisionKind.class), seen, spec);
            assertTrue(crowns > 0, spec + " never used a crown space");
            assertTrue(otherSeat > 0, spec + " never decided for a seat other than the active one");
        }
    }

    @ParameterizedTest(name = "{0}, {1} players")
    @MethodSource("combos")
    void everyBotFinishesWithLegalActionsOnly(Set<ExpansionId> ex, int players) {
        BotSpec[] bots = {BotSpec.parse("random"), BotSpec.parse("greedy"), BotSpec.parse("mcts:iters=12")};
        for (int k = 0; k < bots.length; k++) {
            BotSpec bot = bots[k];
            GameState g = GameState.newGame(config(ex, players, 1000L * players + k));
            SplitMix64 seeds = new SplitMix64(k);
            int[] decisionsBySeat = new int[players];
            int[] kinds = new int[dev.fortuna.engine.DecisionKind.values().length];
            while (!g.isOver()) {
                int seat = g.decidingSeat();
                PlayerView v = g.viewFor(Seat.of(seat));
                int code = bot.chooseCode(v, seeds.nextLong());
                int[] legal = g.legalCodes();
                assertTrue(Arrays.stream(legal).anyMatch(c -> c == code),
                        bot.label() + " chose an illegal action in " + g);
                kinds[g.decisionKind().ordinal()]++;
                decisionsBySeat[seat]++;
                g.applyCode(code, null);
            }
            int total = g.tilesPlaced() + g.tilesDiscarded();
            assertEquals(g.drawnTiles().size(), total, "every drawn tile was placed or discarded");
            for (int s = 0; s < players; s++) {
                assertTrue(decisionsBySeat[s] > 0, "seat " + s + " decided");
            }
        }
    }
}
