package dev.fortuna.cli;

import dev.fortuna.engine.GameState;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.text.BoardText;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Messages;
import dev.fortuna.records.RecordException;
import dev.fortuna.records.Replay;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Checks and replays a game record; prints the score breakdown, final scores and winners.",
                "Exit code 2 when the record is bad (the message names the entry)."})
final class ReplayCommand implements Callable<Integer> {
    static final int BAD_RECORD = 2;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A game record (JSON, format fortuna-game-record).")
    Path file;

    @Option(names = "--no-board", negatable = false, description = "Do not print the final board.")
    boolean noBoard;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GameRecord record;
        Replay.Result result;
        try {
            record = GameRecords.read(file);
            result = Replay.run(record);
        } catch (RecordException e) {
            err.println("fortuna replay: " + Messages.printable(file.toString()) + ": " + e.getMessage());
            err.flush();
            return BAD_RECORD;
        }
        if (!result.scoresChecked()) {
            err.println("fortuna replay: note: the record has no result, so its final scores were not checked");
            err.flush();
        }
        GameState g = result.state();
        out.printf(Locale.ROOT, "%s: %d players, %s, %d tiles drawn, %d actions%n", Messages.printable(file.toString()), g.players(),
                GameOptions.describe(record.config()), record.draws().size(), record.actions().size());
        out.printf(Locale.ROOT, "tiles placed %d, discarded %d%n", g.tilesPlaced(), g.tilesDiscarded());
        out.println();
        if (!noBoard) {
            out.print(BoardText.render(g));
            out.println(BoardText.LEGEND);
            out.println();
        }
        printBreakdown(out, g);
        out.println();
        if (g.isOver()) {
            out.println("final scores: " + scores(g));
            List<Seat> winners = g.leaders();
            out.println((winners.size() == 1 ? "winner: " : "winners (tie): ")
                    + winners.stream().map(Seat::toString).collect(Collectors.joining(", ")));
        } else {
            out.println("scores so far: " + scores(g));
            out.println("the game is not finished: next decision " + g.decisionKind().name().toLowerCase(Locale.ROOT)
                    .replace('_', ' ') + " for seat " + g.decidingSeat());
        }
        out.flush();
        return 0;
    }

    private static String scores(GameState g) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < g.players(); s++) {
            sb.append(s == 0 ? "" : ", ").append("seat ").append(s).append(' ').append(g.score(s));
        }
        return sb.toString();
    }

    /**
     * One row per seat, one column per score kind, and the total; each column as wide as its heading and two
     * spaces, so that the table fits 80 columns (play prints it too).
     */
    static void printBreakdown(PrintWriter out, GameState g) {
        StringBuilder head = new StringBuilder("seat");
        for (ScoreKind k : ScoreKind.values()) {
            head.append("  ").append(label(k));
        }
        head.append("  total");
        out.println(head);
        for (int s = 0; s < g.players(); s++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-4d", s));
            for (ScoreKind k : ScoreKind.values()) {
                row.append(String.format(Locale.ROOT, "%" + (label(k).length() + 2) + "d", g.score(s, k)));
            }
            row.append(String.format(Locale.ROOT, "%7d", g.score(s)));
            out.println(row);
        }
    }

    private static String label(ScoreKind k) {
        return k.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
