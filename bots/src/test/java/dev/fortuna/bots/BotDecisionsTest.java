package dev.fortuna.bots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class BotDecisionsTest {

    private static void play(GameState g, Action a) {
        assertInstanceOf(ApplyResult.Applied.class, g.apply(a), () -> "could not apply " + a + " in " + g);
    }

    private static PlayerView view(GameState g) {
        return g.viewFor(Seat.of(g.decidingSeat()));
    }

    /**
     * Base game, 2 players, forced pile F U U U E. Seat 0 puts F (city N–S, pennant) north of the start tile with
     * a knight; seat 1 builds a road with a thief; seat 0 then holds the last tile, E, which completes its city
     * only at (0,-2) turned 180°: 2 × (3 squares + 1 pennant) = 8 instead of 3 + 1 = 4 unfinished, against
     * seat 1's 4-square road. Any other placement ties the game at best.
     */
    static GameState lastTileCompletesOwnCity() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1).draws("F", "U", "U", "U", "E").build());
        play(g, new Action.PlaceTile(new Position(0, -1), Rotation.of(1)));
        play(g, new Action.Deploy(0)); // knight on F's city
        play(g, new Action.PlaceTile(new Position(1, 0), Rotation.of(1)));
        play(g, new Action.Deploy(0)); // seat 1: thief on the road
        play(g, new Action.PlaceTile(new Position(-1, 0), Rotation.of(1)));
        play(g, Action.PASS);
        play(g, new Action.PlaceTile(new Position(2, 0), Rotation.of(1)));
        play(g, Action.PASS);
        assertEquals(DecisionKind.PLACE_TILE, g.decisionKind());
        assertEquals(0, g.decidingSeat());
        assertEquals("E", g.drawnTile().id());
        assertEquals(0, g.pileSize());
        return g;
    }

    static final Action COMPLETE = new Action.PlaceTile(new Position(0, -2), Rotation.of(2));

    @Test
    void greedyCompletesItsOwnCityWithTheLastTile() {
        GameState g = lastTileCompletesOwnCity();
        assertEquals(COMPLETE, new GreedyBot().choose(view(g), Budget.iterations(1), 3));
    }

    @Test
    void mctsCompletesItsOwnCityWithTheLastTile() {
        GameState g = lastTileCompletesOwnCity();
        MctsBot.Result r = new MctsBot().search(view(g), Budget.iterations(300), 3);
        assertEquals(COMPLETE, Action.decode(r.best()));
        assertEquals(300, r.iterations());
        // Playing it and passing: the city scores 8 for seat 0, and the game ends 8 to seat 1's 4-square road.
        play(g, COMPLETE);
        play(g, Action.PASS);
        assertArrayEquals(new int[] {8, 4}, g.scores());
    }

    @Test
    void chanceWideningAndReplySearchAlsoFindIt() {
        GameState g = lastTileCompletesOwnCity();
        MctsBot chance = new MctsBot(MctsBot.Settings.DEFAULT.withChance(true));
        assertEquals(COMPLETE, Action.decode(chance.search(view(g), Budget.iterations(300), 3).best()));
        MctsBot reply = new MctsBot(MctsBot.Settings.DEFAULT.withReply(3, 4, 1));
        MctsBot.Result r = reply.search(view(g), Budget.iterations(1), 3);
        assertEquals(COMPLETE, Action.decode(r.best()));
        // Only the best 3 options by greedy value are played out, each on the same 4 draws.
        assertEquals(12, r.iterations());
        assertEquals(3, java.util.Arrays.stream(r.visits()).filter(x -> x == 4).count());
        assertEquals(3, java.util.Arrays.stream(r.visits()).filter(x -> x > 0).count());
    }

    @Test
    void replySearchIsReproducibleAndPlaysTheRepliesOut() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(5).build());
        for (int i = 0; i < 10; i++) { // a few moves in
            g.applyCode(new GreedyBot().chooseCode(view(g), Budget.iterations(1), i), null);
        }
        assertEquals(DecisionKind.PLACE_TILE, g.decisionKind());
        MctsBot reply = new MctsBot(MctsBot.Settings.DEFAULT.withReply(4, 5, 2));
        MctsBot.Result a = reply.search(view(g), Budget.iterations(1), 77);
        MctsBot.Result b = reply.search(view(g), Budget.iterations(1), 77);
        assertEquals(a.best(), b.best());
        assertArrayEquals(a.meanValue(), b.meanValue());
        assertEquals(20, a.iterations());
        // The chosen option has the best mean margin after the replies among those played out.
        int bi = java.util.Arrays.stream(a.codes()).boxed().toList().indexOf(a.best());
        for (int i = 0; i < a.codes().length; i++) {
            if (a.visits()[i] > 0) {
                assertEquals(true, a.meanValue()[i] <= a.meanValue()[bi]);
            }
        }
    }

    @Test
    void mctsWithRandomPlayoutsAlsoFindsIt() {
        GameState g = lastTileCompletesOwnCity();
        assertEquals(COMPLETE, new MctsBot(new MctsBot.Settings(4, 0, 0)).choose(view(g), Budget.iterations(200), 9));
    }

    @Test
    void bothBotsWinTheGameFromThere() {
        for (BotSpec b : List.of(BotSpec.parse("greedy"), BotSpec.parse("mcts:iters=200"))) {
            GameState g = lastTileCompletesOwnCity();
            while (!g.isOver()) {
                g.applyCode(b.chooseCode(view(g), 5), null);
            }
            // 8 for the city, and the best deployment after it: a farmer on E's field next to the finished
            // city (3 at the end), so 11 to seat 1's 4-square road.
            assertArrayEquals(new int[] {11, 4}, g.scores(), b.label());
        }
    }

    @Test
    void evaluatorValuesAKnightInAnOpenCityExactly() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1).draws("F", "U", "U", "U", "E").build());
        play(g, new Action.PlaceTile(new Position(0, -1), Rotation.of(1)));
        play(g, new Action.Deploy(0));
        // Seat 1 to place U; 3 tiles left in the pile. Standard weights (H 12, V 4, K 6): q = 3/15, the city
        // (2 squares, 1 pennant, 1 open edge) completes with p = 1/5: (2 + 1)(1 + 1/5) = 3.6; follower value
        // w = 4·3/9 = 4/3; seat 0: 3.6 + p·w + 6w, seat 1: 7w.
        assertEquals(3, g.pileSize());
        double[] e = Evaluator.expectedScores(g);
        assertEquals(3.6 + 0.2 * 4 / 3 + 6 * 4.0 / 3, e[0], 1e-12);
        assertEquals(7 * 4.0 / 3, e[1], 1e-12);
        // The first weights (H 6, V 2, K 12): q = 3/9, p = 1/3, city (2 + 1)(1 + 1/3) = 4, w = 2·3/15 = 0.4.
        double[] first = new Evaluator(Evaluator.Weights.FIRST).scores(g);
        assertEquals(4 + 0.4 / 3 + 6 * 0.4, first[0], 1e-12);
        assertEquals(7 * 0.4, first[1], 1e-12);
    }

    @Test
    void fieldFutureWeightCountsAnUnfinishedCityByItsChanceToComplete() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1).draws("U", "U", "U", "U").build());
        play(g, new Action.PlaceTile(new Position(1, 0), Rotation.of(1)));
        // U's two fields: the one north of the road joins the start tile's field by the start city (1 open edge).
        Position u = new Position(1, 0);
        int north = g.fieldCityOpenEdges(u, 1).length == 1 ? 1 : 2;
        assertArrayEquals(new int[] {1}, g.fieldCityOpenEdges(u, north));
        assertArrayEquals(new int[0], g.fieldCityOpenEdges(u, 3 - north));
        play(g, new Action.Deploy(north)); // a farmer
        double q = g.pileSize() / (g.pileSize() + 6.0);
        Evaluator future = new Evaluator(new Evaluator.Weights(6, 2, 12, 0.5));
        double[] standard = new Evaluator(Evaluator.Weights.FIRST).scores(g), withFuture = future.scores(g);
        assertEquals(3 * 0.5 * q, withFuture[0] - standard[0], 1e-12, "farmer: 3 × 0.5 × q^1 for the open city");
        assertEquals(standard[1], withFuture[1], 1e-12, "seat 1 has no farmer");
        assertThrows(IllegalArgumentException.class, () -> new Evaluator.Weights(0, 2, 12, 0));
    }

    /**
     * With an opening fit {@code C}, an opening closes with {@code q k / (k + C)} for the {@code k} tiles to come
     * that fit its square, so a road whose end no tile can fill never brings its follower home.
     * <pre>
     *   y=-1  U(90°)  [ ]      [ ] needs a city on its south side and a road on its west side (D fits, K not)
     *   y=0   U(90°)  D(start)
     * </pre>
     */
    @Test
    void openingFitValuesAFeatureByTheTilesThatCanCompleteIt() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1)
                .draws("U", "U", "D", "K", "K", "K").build());
        play(g, new Action.PlaceTile(new Position(-1, 0), Rotation.of(1)));
        play(g, new Action.Pass());
        play(g, new Action.PlaceTile(new Position(-1, -1), Rotation.of(1)));
        int road = -1;
        for (int f = 0; f < 4 && road < 0; f++) {
            if (g.feature(new Position(-1, -1), f).kind() == FeatureKind.ROAD) {
                road = f;
            }
        }
        play(g, new Action.Deploy(road)); // seat 1's thief on the upper road: ends at (0,-1) and (-2,-1)
        // D in hand, three K in the pile: (0,-1) fits D only (k = 1), (-2,-1) all four (k = 4).
        Evaluator plain = new Evaluator(new Evaluator.Weights(12, 4, 6, 0.4));
        Evaluator fit = new Evaluator(new Evaluator.Weights(12, 4, 6, 0.4, 2));
        int t = g.pileSize();
        double q = t / (t + 12.0);
        int home = 1 * Evaluator.FEATURES + Evaluator.COMING_HOME;
        assertEquals(q * q, plain.features(g)[home], 1e-12, "q^2 without the fit");
        assertEquals(q * 1 / 3.0 * q * 4 / 6.0, fit.features(g)[home], 1e-12, "q·1/(1+2) × q·4/(4+2)");
        // An opening need N instead: min(1, k/N), so an opening 4 tiles fit keeps q with N = 4, not with N = 5.
        Evaluator need4 = new Evaluator(new Evaluator.Weights(12, 4, 6, 0.4, 0, 4));
        Evaluator need5 = new Evaluator(new Evaluator.Weights(12, 4, 6, 0.4, 0, 5));
        Evaluator both = new Evaluator(new Evaluator.Weights(12, 4, 6, 0.4, 2, 5));
        assertEquals(q * 1 / 4.0 * q, need4.features(g)[home], 1e-12, "q·1/4 × q·1");
        assertEquals(q * 1 / 5.0 * q * 4 / 5.0, need5.features(g)[home], 1e-12, "q·1/5 × q·4/5");
        assertEquals(q * 1 / 3.0 / 5.0 * q * 4 / 6.0 * 4 / 5.0, both.features(g)[home], 1e-12, "both factors");
        play(g, new Action.PlaceTile(new Position(1, 0), Rotation.of(0))); // the D east of the start
        play(g, new Action.Pass());
        // Only K is left (one in hand, two in the pile): the road's east end is dead.
        t = g.pileSize();
        assertEquals(2, t);
        q = t / (t + 12.0);
        assertEquals(q * q, plain.features(g)[home], 1e-12, "the plain chance does not see it");
        assertEquals(0, fit.features(g)[home], "no tile can complete the road: its thief never comes home");
        assertEquals(0, need5.features(g)[home], "nor with an opening need");
        double w = 4.0 * t / (t + 6);
        assertEquals(-w * q * q, fit.scores(g)[1] - plain.scores(g)[1], 1e-12, "seat 1 loses w × q^2");
        assertEquals(fit.scores(g)[0], plain.scores(g)[0], 1e-12, "seat 0 holds nothing with openings");
    }

    /** A 4-player base game ({@code seed}) played by greedy bots to a placement with more than ten options. */
    private static GameState fourPlayersWithManyOptions(long seed) {
        GameState g = GameState.newGame(GameConfig.builder().players(4).seed(seed).build());
        GreedyBot greedy = new GreedyBot();
        while (g.decision().kind() != DecisionKind.PLACE_TILE || g.legalCount() <= 10 || g.ply() < 12) {
            play(g, greedy.choose(view(g), Budget.iterations(1), 0));
        }
        return g;
    }

    @Test
    void withFourOrMorePlayersTheDefaultIsTheReplySearchOverTheTenBestOptions() {
        MctsBot.Settings d = MctsBot.Settings.DEFAULT;
        assertEquals(0, d.replyTop(2));
        assertEquals(0, d.replyTop(3));
        assertEquals(10, d.replyTop(4));
        assertEquals(10, d.replyTop(5));
        assertEquals(8, d.replyTurns(4), "two rounds");
        assertEquals(10, d.replyTurns(5));
        assertEquals(3, d.withReply(3, 0, 3).replyTurns(4), "turns given in the spec hold");
        assertEquals(0, ((MctsBot) BotSpec.parse("mcts:hard/reply=0").bot()).settings().replyTop(4), "the tree");
        GameState g = fourPlayersWithManyOptions(11);
        MctsBot bot = new MctsBot();
        MctsBot.Result r = bot.search(view(g), Budget.iterations(4000), 5);
        assertEquals(10, searched(r));
        // Every option searched is played out on the same samples, and they are the greedy bot's ten best.
        int rounds = java.util.Arrays.stream(r.visits()).max().getAsInt();
        assertTrue(rounds >= 2, "4,000 iterations buy more than one round: " + rounds);
        assertEquals(10 * rounds, r.iterations());
        double[] prior = GreedyBot.actionValues(Evaluator.TUNED, g.copy(), g.decidingSeat());
        double[] sorted = prior.clone();
        java.util.Arrays.sort(sorted);
        for (int i = 0; i < r.codes().length; i++) {
            assertTrue(r.visits()[i] == 0 || r.visits()[i] == rounds);
            if (r.visits()[i] > 0) {
                assertTrue(prior[i] >= sorted[sorted.length - 10], "option " + i + " searched but not among the best");
            }
        }
        // The effort follows the budget: one iteration buys one round (the first always finishes), and the same
        // seed gives the same search.
        MctsBot.Result one = bot.search(view(g), Budget.iterations(1), 5);
        assertEquals(10, one.iterations());
        MctsBot.Result again = bot.search(view(g), Budget.iterations(4000), 5);
        assertEquals(r.best(), again.best());
        assertArrayEquals(r.meanValue(), again.meanValue());
        assertArrayEquals(r.visits(), again.visits());
    }

    /**
     * The reply search's value of an option is its mean margin for the bot, on the bot's evaluation, after the
     * option and then every seat's greedy decisions until the given tiles are placed, the other seats deciding on the
     * standard evaluation (their model) and the bot on its own; worked out here by hand on the same samples.
     */
    @Test
    void replySearchValuesAnOptionByTheRepliesItsModelExpects() {
        GameState g = fourPlayersWithManyOptions(23);
        int me = g.decidingSeat();
        PlayerView v = view(g);
        MctsBot.Settings st = MctsBot.Settings.DEFAULT.withReply(4, 3, 5);
        MctsBot.Result r = new MctsBot(st).search(v, Budget.iterations(1), 99);
        MctsBot.Result own = new MctsBot(st, Evaluator.TUNED, Evaluator.TUNED).search(v, Budget.iterations(1), 99);
        dev.fortuna.engine.SplitMix64 seeds = new dev.fortuna.engine.SplitMix64(99);
        seeds.nextLong(); // the search's first sample orders the root
        long[] draws = {seeds.nextLong(), seeds.nextLong(), seeds.nextLong()};
        int checked = 0;
        boolean modelMatters = false;
        for (int i = 0; i < r.codes().length; i++) {
            if (r.visits()[i] == 0) {
                continue;
            }
            assertEquals(3, r.visits()[i]);
            double[] sum = new double[2];
            for (int m = 0; m < 2; m++) {
                Evaluator model = m == 0 ? Evaluator.STANDARD : Evaluator.TUNED;
                for (long d : draws) {
                    GameState s = v.determinize(d);
                    s.applyCode(r.codes()[i], null);
                    int placed = 0;
                    while (!s.isOver()) {
                        if (s.decisionKind() == DecisionKind.PLACE_TILE && placed++ == 5) {
                            break;
                        }
                        int seat = s.decidingSeat();
                        double[] values = GreedyBot.actionValues(seat == me ? Evaluator.TUNED : model, s, seat);
                        s.applyCode(s.legalCode(GreedyBot.bestIndex(values)), null);
                    }
                    sum[m] += Evaluator.margin(Evaluator.TUNED.scores(s), me);
                }
            }
            assertEquals(sum[0] / 3, r.meanValue()[i], 1e-9, "option " + i + ", the standard model");
            assertEquals(sum[1] / 3, own.meanValue()[i], 1e-9, "option " + i + ", the bot's own evaluation as model");
            modelMatters |= Math.abs(sum[0] - sum[1]) > 1e-6;
            checked++;
        }
        assertEquals(4, checked);
        assertTrue(modelMatters, "the two models expect different replies here");
    }

    /** How many root options a search visited. */
    private static int searched(MctsBot.Result r) {
        int k = 0;
        for (int v : r.visits()) {
            k += v > 0 ? 1 : 0;
        }
        return k;
    }

    @Test
    void theRootKeepsTenOptionsWithFewerThanFourPlayersAndThreeWithMore() {
        assertEquals(10, MctsBot.Settings.DEFAULT.rootTop(2));
        assertEquals(10, MctsBot.Settings.DEFAULT.rootTop(3));
        assertEquals(3, MctsBot.Settings.DEFAULT.rootTop(4));
        assertEquals(3, MctsBot.Settings.DEFAULT.rootTop(5));
        MctsBot.Settings eight = ((MctsBot) BotSpec.parse("mcts:hard/top=8").bot()).settings();
        assertEquals(8, eight.rootTop(4), "a top given in the spec holds with any number of players");
        assertEquals(0, ((MctsBot) BotSpec.parse("mcts:hard/top=0").bot()).settings().rootTop(4));
        assertThrows(IllegalArgumentException.class, () -> new MctsBot.Settings(0, -2, 0));
        MctsBot tree = new MctsBot(MctsBot.Settings.DEFAULT.withReply(0, 0, 0)); // 4 players: the tree, not replies
        for (int players : new int[] {2, 4}) {
            GameState g = GameState.newGame(GameConfig.builder().players(players).seed(11).build());
            GreedyBot greedy = new GreedyBot();
            while (g.decision().kind() != DecisionKind.PLACE_TILE || g.legalCount() <= 10) {
                play(g, greedy.choose(view(g), Budget.iterations(1), 0));
            }
            MctsBot.Result r = tree.search(view(g), Budget.iterations(2000), 5);
            assertEquals(players == 2 ? 10 : 3, searched(r), players + " players");
            // The options searched are the greedy bot's best.
            double[] prior = GreedyBot.actionValues(Evaluator.TUNED, g.copy(), g.decidingSeat());
            double[] sorted = prior.clone();
            java.util.Arrays.sort(sorted);
            double cut = sorted[sorted.length - searched(r)];
            for (int i = 0; i < r.codes().length; i++) {
                if (r.visits()[i] > 0) {
                    assertTrue(prior[i] >= cut, "option " + i + " searched but not among the best");
                }
            }
        }
    }

    @Test
    void pigHitProbabilitiesFollowTheNumberedTilesLeft() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(4)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).build());
        int[] c = Evaluator.numberedLeft(g);
        int m = c[1] + c[2] + c[3];
        double[] next = Evaluator.nextLanding(g);
        double sum = 0;
        for (double x : next) {
            sum += x;
        }
        assertEquals(1.0, sum, 1e-12);
        int pig = g.pig().ordinal();
        assertEquals((double) c[1] / m, next[(pig + 1) % 6], 1e-12);
        assertEquals(0.0, next[pig], 1e-12); // the pig always moves
        double[] hit = Evaluator.hitProbabilities(g);
        for (int s = 0; s < 6; s++) {
            assertEquals(true, hit[s] >= next[s] && hit[s] <= 1.0, "sector " + s);
        }
    }

    /**
     * Two games with the same public history but different orders of the undrawn tiles: the views are
     * indistinguishable, so every bot makes the same choices with the same seed.
     */
    @Test
    void botsCannotSeeTheDrawOrder() {
        GameState probe = GameState.newGame(GameConfig.builder().players(3).seed(77)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).expansion(ExpansionId.CROP_CIRCLES).build());
        List<String> all = new ArrayList<>(probe.drawnTiles());
        all.addAll(probe.remainingTiles());
        Collections.shuffle(all, new java.util.Random(5));
        int prefix = 12;
        List<String> other = new ArrayList<>(all.subList(0, prefix));
        List<String> tail = new ArrayList<>(all.subList(prefix, all.size()));
        Collections.reverse(tail);
        other.addAll(tail);
        assertNotEquals(all, other);
        GameConfig base = GameConfig.builder().players(3).seed(1)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).expansion(ExpansionId.CROP_CIRCLES).build();
        GameState a = GameState.newGame(base.withDraws(all));
        GameState b = GameState.newGame(base.withDraws(other));
        BotSpec[] bots = {BotSpec.parse("random"), BotSpec.parse("greedy"), BotSpec.parse("mcts:iters=40")};
        int decisions = 0;
        // Both games draw the same first 12 tiles; play them with the bots and compare every choice.
        while (a.drawnTiles().size() < prefix && !a.isOver()) {
            PlayerView va = view(a), vb = view(b);
            assertEquals(va.remainingTiles(), vb.remainingTiles());
            assertArrayEquals(va.legalCodes(), vb.legalCodes());
            assertEquals(a.drawnTiles(), b.drawnTiles());
            int chosen = 0;
            for (BotSpec bot : bots) {
                int ca = bot.chooseCode(va, decisions * 31L + 7), cb = bot.chooseCode(vb, decisions * 31L + 7);
                assertEquals(ca, cb, bot.label() + " saw the hidden order at decision " + decisions);
                chosen = ca;
            }
            // A determinized sample is the same state in both games, tile by tile.
            assertEquals(drawOrderOf(va.determinize(decisions)), drawOrderOf(vb.determinize(decisions)));
            a.applyCode(chosen, null);
            b.applyCode(chosen, null);
            decisions++;
        }
        assertEquals(true, decisions >= prefix, "played " + decisions + " decisions");
    }

    /** The sampled pile order of a determinized state, revealed by passing on every decision. */
    private static List<String> drawOrderOf(GameState g) {
        GameState c = g.copy();
        while (!c.isOver()) {
            c.applyLegal(0);
        }
        return c.drawnTiles();
    }

    @Test
    void sameSeedAndIterationsGiveTheSameChoice() {
        GameState g = GameState.newGame(GameConfig.builder().players(3).seed(21)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).build());
        for (int i = 0; i < 6; i++) { // a few moves in, with followers on the board
            g.applyCode(new GreedyBot().chooseCode(view(g), Budget.iterations(1), i), null);
        }
        PlayerView v = view(g);
        MctsBot m = new MctsBot();
        MctsBot.Result r1 = m.search(v, Budget.iterations(400), 42);
        MctsBot.Result r2 = new MctsBot().search(v, Budget.iterations(400), 42);
        assertEquals(r1.best(), r2.best());
        assertArrayEquals(r1.visits(), r2.visits());
        // Two threads with an iteration budget: also reproducible (each thread's tree depends on its seed only).
        MctsBot.Result t1 = m.search(v, Budget.iterations(400).withThreads(2), 42);
        MctsBot.Result t2 = m.search(v, Budget.iterations(400).withThreads(2), 42);
        assertArrayEquals(t1.visits(), t2.visits());
        assertEquals(400, t1.iterations());
        for (String spec : List.of("random", "greedy")) {
            BotSpec b = BotSpec.parse(spec);
            assertEquals(b.chooseCode(v, 99), b.chooseCode(v, 99), spec);
        }
    }

    @Test
    void specsParse() {
        assertEquals(new Budget(4000, 0, 1), BotSpec.parse("mcts:hard").budget());
        assertEquals(new Budget(200, 0, 1), BotSpec.parse("MCTS:easy").budget());
        assertEquals(new Budget(1000, 0, 1), BotSpec.parse("mcts").budget());
        assertEquals(new Budget(2000, 0, 1), BotSpec.parse("mcts:iters=2000").budget());
        assertEquals(new Budget(0, 1000, 1), BotSpec.parse("mcts:ms=1000").budget());
        assertEquals(List.of("mcts:hard", "greedy", "random"),
                BotSpec.parseList("mcts:hard,greedy,random").stream().map(BotSpec::label).toList());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:iters=0"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:insane"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("greedy:3"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("alphazero"));
        assertEquals(new MctsBot.Settings(2, 8, 0, 20.0, 0.5, 3, 4, false, false, false, MctsBot.Settings.BY_PLAYERS, 0, 0),
                ((MctsBot) BotSpec.parse("mcts:iters=10/top=8/plies=2/scale=20/c=0.5/bestof=3/pbestof=4").bot())
                        .settings());
        assertEquals(MctsBot.Settings.DEFAULT, ((MctsBot) BotSpec.parse("mcts").bot()).settings());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:iters=10/scale=0"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:iters=10/c=x"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parseList("greedy,,random"));
        assertEquals(new Evaluator.Weights(12, 4, 6, 0.4),
                ((GreedyBot) BotSpec.parse("greedy:h=12/fv=4/fh=6/ff=0.4").bot()).evaluator().weights());
        MctsBot m = (MctsBot) BotSpec.parse("mcts:iters=10/ordered/greedy/ff=0.25").bot();
        assertEquals(true, m.settings().ordered());
        assertEquals(true, m.settings().greedyPlayouts());
        assertEquals(0.25, m.evaluator().weights().fieldFuture());
        MctsBot.Settings cr = ((MctsBot) BotSpec.parse("mcts:hard/chance/reply=3/tiles=6/turns=2").bot()).settings();
        assertEquals(true, cr.chance());
        assertEquals(3, cr.replyTop());
        assertEquals(6, cr.replyTiles());
        assertEquals(2, cr.replyTurns());
        assertEquals(Evaluator.STANDARD, ((MctsBot) BotSpec.parse("mcts:hard").bot()).opponents());
        MctsBot own = (MctsBot) BotSpec.parse("mcts:hard/opp=own").bot();
        assertEquals(own.evaluator(), own.opponents());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:hard/opp=best"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts:hard/tiles=0"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("greedy:ff=-1"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("greedy:x=1"));
        assertEquals(Evaluator.Weights.FIRST,
                ((GreedyBot) BotSpec.parse("greedy:eval=first").bot()).evaluator().weights());
        assertEquals(Evaluator.Weights.STANDARD, ((GreedyBot) BotSpec.parse("greedy").bot()).evaluator().weights());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("greedy:eval=best"));
    }

    @Test
    void wilsonIntervalMatchesTheFormula() {
        double[] w = Arena.wilson(7, 10, 1.959964);
        assertEquals(0.3968, w[0], 1e-4);
        assertEquals(0.8922, w[1], 1e-4);
        assertArrayEquals(new double[] {0, 1}, Arena.wilson(0, 0, 1.96));
    }

    @Test
    void arenaRotatesSeatsAndSharesTies() {
        GameConfig c = GameConfig.builder().players(2).seed(1).build();
        List<Arena.GameResult> games = new ArrayList<>();
        List<Arena.BotStats> s = Arena.run(c, BotSpec.parseList("random,greedy"), 4, 11, games::add);
        assertEquals(4, games.size());
        assertArrayEquals(new int[] {0, 1}, games.get(0).botOfSeat());
        assertArrayEquals(new int[] {1, 0}, games.get(1).botOfSeat());
        // Games 0 and 1 share one deal, as do 2 and 3.
        assertEquals(games.get(0).config().seed(), games.get(1).config().seed());
        assertNotEquals(games.get(0).config().seed(), games.get(2).config().seed());
        assertEquals(4, s.get(0).appearances);
        assertEquals(4.0, s.get(0).wins + s.get(1).wins, 1e-12);
        for (Arena.GameResult r : games) {
            GameState replay = GameState.newGame(r.config());
            for (int code : r.actions()) {
                replay.applyCode(code, null);
            }
            assertArrayEquals(r.scores(), replay.scores(), "the recorded actions replay to the same result");
        }
    }

    @Test
    void parallelArenaGivesTheSameGamesInTheSameOrder() {
        GameConfig c = GameConfig.builder().players(2).seed(1).expansion(ExpansionId.WHEEL_OF_FORTUNE).build();
        List<BotSpec> bots = BotSpec.parseList("mcts:iters=30,greedy");
        List<Arena.GameResult> one = new ArrayList<>(), three = new ArrayList<>();
        List<Arena.BotStats> s1 = Arena.run(c, bots, 5, 7, 1, null, one::add);
        List<Arena.BotStats> s3 = Arena.run(c, bots, 5, 7, 3, null, three::add);
        assertEquals(5, three.size());
        for (int i = 0; i < 5; i++) {
            assertEquals(i, three.get(i).index(), "results arrive in game order");
            assertEquals(one.get(i).actions(), three.get(i).actions(), "game " + i);
            assertArrayEquals(one.get(i).scores(), three.get(i).scores(), "game " + i);
        }
        for (int b = 0; b < 2; b++) {
            assertEquals(s1.get(b).wins, s3.get(b).wins, 1e-12);
            assertEquals(s1.get(b).scoreSum, s3.get(b).scoreSum);
            assertEquals(s1.get(b).decisions, s3.get(b).decisions);
        }
        assertThrows(IllegalArgumentException.class, () -> Arena.run(c, bots, 1, 7, 0, null, null));
    }
}
