package dev.fortuna.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.bots.Analysis;
import dev.fortuna.engine.Action;
import dev.fortuna.engine.GameState;
import dev.fortuna.records.Messages;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "analyse", mixinStandardHelpOptions = true,
        description = {"Each seat's estimated probability of winning after every turn of a recorded game.",
                "The fitted evaluation's predicted final scores, turned into probabilities by a softmax whose",
                "temperature depends on the tiles left and was fitted to bot games (fortuna fit-win; method and",
                "calibration in docs/bots.md). Only what a spectator knows is used (never the pile's order).",
                "Row 0 is the start; turn k's row is the position after it (the next turn's tile drawn). A",
                "finished game's last row is the result (a shared win split). Exit code 2 for a bad record."})
final class AnalyseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RecordArgument record;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RecordPositions rec = record.read();
        if (rec == null) {
            return ReplayCommand.BAD_RECORD;
        }
        List<Analysis.Turn> rows = rows(rec);
        GameState end = rec.result.state();
        if (json) {
            ObjectNode n = new ObjectMapper().createObjectNode();
            n.put("players", end.players());
            n.put("mode", GameOptions.describe(rec.record.config()));
            n.put("method", "fitted evaluation, softmax by tiles left (docs/bots.md)");
            n.put("finished", end.isOver());
            ArrayNode a = n.putArray("turns");
            for (Analysis.Turn r : rows) {
                ObjectNode o = a.addObject();
                o.put("turn", r.turn());
                o.put("ply", r.ply());
                if (r.seat() >= 0) {
                    o.put("seat", r.seat());
                    o.put("tile", r.tile());
                } else {
                    o.putNull("seat");
                    o.putNull("tile");
                }
                ArrayNode w = o.putArray("win_probability");
                for (double p : r.win()) {
                    w.add(Math.round(p * 10000) / 10000.0);
                }
            }
            out.println(n);
        } else {
            out.printf(Locale.ROOT, "%s: %d players, %s, %d actions%n", Messages.printable(record.file.toString()),
                    end.players(), GameOptions.describe(rec.record.config()), rec.plies());
            out.println("win probability after each turn (fitted evaluation and tiles left; docs/bots.md)");
            int tw = 5; // the tile column fits the longest id (the Wheel of Fortune's are like wof:U/w2)
            for (Analysis.Turn r : rows) {
                tw = Math.max(tw, r.tile() == null ? 0 : r.tile().length() + 1);
            }
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%4s %5s %4s %-" + tw + "s", "turn",
                    "ply", "seat", "tile"));
            for (int s = 0; s < end.players(); s++) {
                head.append(String.format(Locale.ROOT, " %7s", "seat " + s));
            }
            out.println(head);
            for (Analysis.Turn r : rows) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%4d %5d %4s %-" + tw + "s", r.turn(),
                        r.ply(), r.seat() < 0 ? "-" : Integer.toString(r.seat()), r.seat() < 0 ? "-" : r.tile()));
                for (double p : r.win()) {
                    line.append(String.format(Locale.ROOT, " %6.1f%%", 100 * p));
                }
                out.println(line);
            }
            if (!end.isOver()) {
                out.println("the game is not finished: the last row is an estimate");
            }
        }
        out.flush();
        return 0;
    }

    /** The rows of a checked record: the start, then the position after every turn. */
    static List<Analysis.Turn> rows(RecordPositions rec) {
        List<Action> actions = new ArrayList<>();
        rec.result.steps().forEach(st -> actions.add(st.action()));
        return Analysis.byTurn(rec.start(), actions);
    }
}
