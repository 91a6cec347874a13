package dev.fortuna.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.bots.BotSpec;
import dev.fortuna.bots.Budget;
import dev.fortuna.bots.Hints;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Seat;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.records.GameRecorder;
import dev.fortuna.records.RecordedAction;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "hint", mixinStandardHelpOptions = true,
        description = {"A bot's suggested decision at a position of a recorded game, with its expected margin.",
                "The position is the record's end (an unfinished game's next decision) or --ply N (after N",
                "actions); with --seat S, the first decision of seat S from there on. The bot sees that seat's",
                "view only. The expected margin is the seat's expected final score minus the best other seat's",
                "after the suggestion, by the fitted evaluation (docs/bots.md); the action the record took there",
                "is judged the same way. Exit code 2 for a bad record."})
final class HintCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RecordArgument record;

    @Option(names = "--ply", paramLabel = "N", description = "The position after N actions (default: the record's end).")
    Integer ply;

    @Option(names = "--seat", paramLabel = "S", description = "The first decision of seat S from that position on.")
    Integer seat;

    @Option(names = "--bot", paramLabel = "SPEC", defaultValue = "mcts:easy",
            description = "The bot that suggests, as in arena (default: ${DEFAULT-VALUE}, the server's hint bot).")
    String bot;

    @Option(names = "--ms", paramLabel = "N", description = "Think for N milliseconds instead of the bot's own budget.")
    Integer ms;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        BotSpec b;
        try {
            b = BotSpec.parse(bot);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--bot: " + e.getMessage());
        }
        if (ms != null) {
            Failures.requireRange(spec, "--ms", ms, 1, 600_000);
        }
        Budget budget = ms != null ? Budget.millis(ms) : b.budget();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RecordPositions rec = record.read();
        if (rec == null) {
            return ReplayCommand.BAD_RECORD;
        }
        int players = rec.result.state().players();
        if (ply != null && (ply < 0 || ply > rec.plies())) {
            throw new ParameterException(spec.commandLine(), "--ply must be 0 to " + rec.plies()
                    + " (the record's actions), not " + ply);
        }
        if (seat != null && (seat < 0 || seat >= players)) {
            throw new ParameterException(spec.commandLine(), "--seat must be 0 to " + (players - 1) + ", not " + seat);
        }
        int at = ply == null ? rec.plies() : ply;
        GameState g = rec.at(at);
        while (seat != null && !g.isOver() && g.decidingSeat() != seat && at < rec.plies()) {
            rec.apply(g, at++);
        }
        if (g.isOver()) {
            err.println("fortuna hint: the game is over after action " + at + ": nothing to decide (give --ply"
                    + (seat != null ? " before seat " + seat + "'s last decision" : " N below " + at) + ")");
            err.flush();
            return ReplayCommand.BAD_RECORD;
        }
        if (seat != null && g.decidingSeat() != seat) {
            err.println("fortuna hint: seat " + seat + " has no decision from action " + (ply == null ? rec.plies()
                    : ply) + " to the record's end (seat " + g.decidingSeat() + " decides next)");
            err.flush();
            return ReplayCommand.BAD_RECORD;
        }
        int decider = g.decidingSeat();
        PlayerView view = g.viewFor(Seat.of(decider));
        // Seeded by the position, so the same command gives the same suggestion (with an iteration budget).
        long seed = 0x9E3779B97F4A7C15L * (at + 1);
        Hints.Suggestion s = Hints.suggest(b.bot(), view, budget, seed);
        Hints.Suggestion played = at < rec.plies() ? Hints.judge(view,
                rec.result.steps().get(at).action().code(), seed)
                : null;
        String budgetText = ms != null || b.bot() instanceof dev.fortuna.bots.MctsBot ? budget.toString() : "no search";
        String decision = g.decisionKind().name().toLowerCase(Locale.ROOT);
        boolean placing = g.decisionKind() == dev.fortuna.engine.DecisionKind.PLACE_TILE; // the tile is named then
        if (json) {
            ObjectMapper m = new ObjectMapper();
            ObjectNode n = m.createObjectNode();
            n.put("ply", at);
            n.put("seat", decider);
            n.put("decision", decision);
            if (placing) {
                n.put("tile", g.drawnTile().id());
            }
            n.put("tiles_left", g.pileSize());
            n.put("bot", b.label());
            n.put("budget", budgetText);
            put(m, n, "suggestion", g, s);
            if (played != null) {
                put(m, n, "played", g, played);
            }
            out.println(n);
        } else {
            out.printf(Locale.ROOT, "after %d actions: seat %d decides (%s%s), %d tiles left%n", at, decider,
                    decision.replace('_', ' '), placing ? " " + g.drawnTile().id() : "", g.pileSize());
            out.printf(Locale.ROOT, "suggestion of %s (%s): %s%n", b.label(), budgetText, describe(g, s.code()));
            out.println("  " + expectation(s));
            if (played != null) {
                out.printf(Locale.ROOT, "played in the record: %s%n", describe(g, played.code()));
                out.println("  " + expectation(played));
            }
        }
        out.flush();
        return 0;
    }

    private static String expectation(Hints.Suggestion s) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "expected margin %+.1f (expected final scores:",
                s.expectedMargin()));
        for (int i = 0; i < s.expectedScores().length; i++) {
            sb.append(String.format(Locale.ROOT, "%s seat %d %.1f", i == 0 ? "" : ",", i, s.expectedScores()[i]));
        }
        return sb.append(')').toString();
    }

    /** The action as a record writes it, e.g. {@code place x=3 y=-1 rotation 90}. */
    static String describe(GameState before, int code) {
        GameRecorder r = new GameRecorder(before.config());
        r.recordCode(before, code);
        RecordedAction a = r.actions().get(0);
        return a.name() + a.details();
    }

    private static void put(ObjectMapper m, ObjectNode n, String key, GameState g, Hints.Suggestion s) {
        ObjectNode o = n.putObject(key);
        o.set("action", m.valueToTree(ActionDto.of(s.action())));
        o.put("text", describe(g, s.code()));
        o.put("expected_margin", Math.round(s.expectedMargin() * 100) / 100.0);
        ArrayNode e = o.putArray("expected_scores");
        for (double v : s.expectedScores()) {
            e.add(Math.round(v * 100) / 100.0);
        }
    }
}
