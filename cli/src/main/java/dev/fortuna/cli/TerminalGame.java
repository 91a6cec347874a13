package dev.fortuna.cli;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.text.BoardText;
import dev.fortuna.engine.text.TileText;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.records.GameRecorder;
import dev.fortuna.records.Messages;
import dev.fortuna.records.RecordedAction;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A person plays against bots in a terminal. Before each placement the board around the action is shown, cut to
 * the terminal's size ({@code board} shows all of it), with the tile to place beside it; the legal choices are
 * listed with short numbers, and the person types a number (or, for a placement, {@code x y rotation}). A
 * placement can be taken back ({@code undo}) until the follower step after it is decided, or, when there is
 * none, until it is confirmed. {@code quit} asks first; the end of the input ends the game. With a record file the
 * game is saved after each of the person's turns, so that it can be resumed. Input and output are injected, so a
 * script can play a whole game.
 */
public final class TerminalGame {
    private final GameConfig config;
    private final int humanSeat;
    private final List<BotSpec> bots;
    private final BufferedReader in;
    private final PrintWriter out;
    private final SplitMix64 seeds;
    private Screen screen = Screen.DEFAULT;
    private Path recordFile;
    private GameState resumed;
    private List<RecordedAction> earlier = List.of();

    private GameState game;
    private GameRecorder recorder;
    private Position lastPlaced = new Position(0, 0);

    /** The terminal's size in characters. */
    public record Screen(int columns, int lines) {
        public static final Screen DEFAULT = new Screen(80, 24);

        public Screen {
            columns = Math.max(40, columns);
            lines = Math.max(16, lines);
        }
    }

    /** What the person answered: an action, or one of the commands that are no action. */
    private sealed interface Answer {
    }

    private record Chosen(Action action) implements Answer {
    }

    private enum Command implements Answer { UNDO, QUIT, CONFIRM }

    /**
     * @param bots the bots for the other seats, in seat order (cycled when there are fewer than seats)
     */
    public TerminalGame(GameConfig config, int humanSeat, List<BotSpec> bots, long botSeed, BufferedReader in,
                        PrintWriter out) {
        if (humanSeat < 0 || humanSeat >= config.players()) {
            throw new IllegalArgumentException("seat must be 0.." + (config.players() - 1) + ", not " + humanSeat);
        }
        if (bots.isEmpty()) {
            throw new IllegalArgumentException("at least one bot is needed");
        }
        this.config = config;
        this.humanSeat = humanSeat;
        this.bots = bots;
        this.in = in;
        this.out = out;
        this.seeds = new SplitMix64(botSeed);
    }

    /** Draws the board for a terminal of this size. */
    public TerminalGame screen(Screen s) {
        this.screen = s;
        return this;
    }

    /** Saves the game as a record in {@code file} after each of the person's turns, on quitting and at the end. */
    public TerminalGame recordTo(Path file) {
        this.recordFile = file;
        return this;
    }

    /** Plays on from {@code state}, the replay of a record whose actions were {@code actions}. */
    public TerminalGame resume(GameState state, List<RecordedAction> actions) {
        this.resumed = state;
        this.earlier = List.copyOf(actions);
        return this;
    }

    /** The outcome: the final state, or null when the person quit or the input ended. */
    public GameState play() throws IOException {
        try {
            return playGame();
        } finally {
            out.flush();
        }
    }

    private GameState playGame() throws IOException {
        List<Event> opening = new ArrayList<>();
        game = resumed != null ? resumed : GameState.newGame(config, opening);
        recorder = new GameRecorder(config, earlier);
        if (resumed != null) {
            PlacedTile last = game.board().get(game.board().size() - 1);
            lastPlaced = last.position();
        }
        out.println("Fortuna: you are seat " + humanSeat + " ('" + BoardText.seatChar(humanSeat) + "')"
                + (resumed != null ? ", resuming after " + earlier.size() + " recorded actions." : "."));
        for (int s = 0; s < config.players(); s++) {
            if (s != humanSeat) {
                out.println("  seat " + s + " ('" + BoardText.seatChar(s) + "'): " + botFor(s).label());
            }
        }
        legend();
        out.println("Type 'help' for the commands.");
        report(opening);
        while (!game.isOver()) {
            int seat = game.decidingSeat();
            if (seat != humanSeat) {
                Action a = Action.decode(botFor(seat).chooseCode(game.viewFor(Seat.of(seat)), seeds.nextLong()));
                say("Seat " + seat + " (" + botFor(seat).label() + "): " + describe(game, a));
                recorder.record(game, a);
                report(apply(game, a));
                continue;
            }
            GameState before = game.copy();
            Answer first = ask(false);
            if (first == Command.QUIT) {
                return abandon(game);
            }
            Action a = ((Chosen) first).action();
            List<Event> events = apply(game, a);
            if (a instanceof Action.PlaceTile) {
                // The placement is not final until the follower step after it (or a confirmation) is answered.
                Answer next = game.decidingSeat() == humanSeat && game.decisionKind() == DecisionKind.DEPLOY
                        ? ask(true) : confirm(before, a);
                if (next == Command.UNDO) {
                    game = before;
                    out.println("Taken back: the tile is in your hand again.");
                    continue;
                }
                if (next == Command.QUIT) {
                    return abandon(before);
                }
                recorder.record(before, a);
                report(events);
                if (next instanceof Chosen c) {
                    recorder.record(game, c.action());
                    report(apply(game, c.action()));
                }
            } else {
                recorder.record(before, a);
                report(events);
            }
            save(game);
        }
        save(game);
        out.println();
        out.print(window(game, lastPlaced, false));
        ReplayCommand.printBreakdown(out, game);
        List<Seat> winners = game.leaders();
        StringBuilder w = new StringBuilder("Game over. ");
        for (int s = 0; s < game.players(); s++) {
            w.append("seat ").append(s).append(": ").append(game.score(s)).append(s + 1 < game.players() ? ", " : ". ");
        }
        w.append(winners.size() == 1 ? "Winner: seat " + winners.get(0).index()
                : "Shared win: " + winners.stream().map(x -> "seat " + x.index()).toList());
        if (winners.contains(Seat.of(humanSeat))) {
            w.append(" — well played!");
        }
        out.println(w);
        if (recordFile != null) {
            out.println("The game is saved in " + Messages.printable(recordFile.toString()) + ".");
        }
        return game;
    }

    /** The board's legend, its entries (two spaces apart) wrapped to the terminal's width. */
    private void legend() {
        StringBuilder line = new StringBuilder();
        for (String entry : BoardText.LEGEND.split("  ")) {
            if (line.length() > 0 && line.length() + 2 + entry.length() > screen.columns()) {
                out.println(line);
                line.setLength(0);
            }
            line.append(line.length() > 0 ? "  " : "").append(entry);
        }
        out.println(line);
    }

    /** Applies an action the legal list or the engine has already accepted; a refusal is a bug. */
    private static List<Event> apply(GameState g, Action a) {
        ApplyResult r = g.apply(a);
        if (r instanceof ApplyResult.Applied ap) {
            return ap.events();
        }
        // Only a bot can get here (the person's input is checked against the legal list first).
        throw new IllegalStateException("illegal action chosen: " + ((ApplyResult.Rejected) r).reason());
    }

    /** Ends the game early; {@code state} is the last state the person agreed to (it is what gets saved). */
    private GameState abandon(GameState state) {
        save(state);
        out.println("Game abandoned.");
        if (recordFile != null) {
            out.println("Saved: 'fortuna play --resume " + Messages.printable(recordFile.toString())
                    + "' plays on from here.");
        }
        return null;
    }

    private void save(GameState state) {
        if (recordFile != null) {
            RecordFiles.write(recorder.finish(state), recordFile);
        }
    }

    private BotSpec botFor(int seat) {
        int k = seat < humanSeat ? seat : seat - 1;
        return bots.get(k % bots.size());
    }

    /** Prompts and reads one line, trimmed and in lower case; null when the input has ended (which it says). */
    private String prompt() throws IOException {
        out.print("> ");
        out.flush();
        String line = in.readLine();
        if (line == null) {
            out.println();
            out.println("Input ended.");
            return null;
        }
        return line.trim().toLowerCase(Locale.ROOT);
    }

    /** After a placement with no follower step of the person's own: Enter confirms, 'undo' takes it back. */
    private Answer confirm(GameState before, Action placement) throws IOException {
        out.println("You " + describe(before, placement).replaceFirst("^places", "place") + ":");
        out.println("  [1] keep it (or just Enter)   [2] take it back (or 'undo')");
        while (true) {
            String s = prompt();
            if (s == null) {
                return Command.QUIT;
            }
            if (s.isEmpty() || s.equals("1") || s.equals("y") || s.equals("yes") || s.equals("ok")) {
                return Command.CONFIRM;
            }
            if (s.equals("2") || s.equals("u") || s.equals("undo")) {
                return Command.UNDO;
            }
            if ((s.equals("q") || s.equals("quit") || s.equals("exit")) && reallyQuit()) {
                return Command.QUIT;
            }
            out.println("Type 1 (or Enter) to keep the placement, 2 (or 'undo') to take it back.");
        }
    }

    /** Asks until the input names a legal action or a command; quitting is asked back first. */
    private Answer ask(boolean undoable) throws IOException {
        List<Action> legal = game.legalActions();
        printDecision(legal, undoable);
        while (true) {
            String s = prompt();
            if (s == null) {
                return Command.QUIT;
            }
            if (s.isEmpty()) {
                out.println("Type the number of your choice (1-" + legal.size() + "), or 'help'.");
                continue;
            }
            switch (s) {
                case "q", "quit", "exit" -> {
                    if (reallyQuit()) {
                        return Command.QUIT;
                    }
                    continue;
                }
                case "u", "undo" -> {
                    if (undoable) {
                        return Command.UNDO;
                    }
                    out.println("There is nothing to take back now: only your placement, before you decide on "
                            + "a follower.");
                    continue;
                }
                case "h", "help", "?" -> {
                    out.println("Commands: a number from the list; for a placement also 'x y rotation' (e.g. '0 -1 90');"
                            + " 'list' repeats the choices, 'board' shows the whole board, 'undo' takes back your"
                            + " placement before you decide on a follower, 'quit' ends the game.");
                    continue;
                }
                case "b", "board" -> {
                    out.print(BoardText.render(game));
                    continue;
                }
                case "l", "list" -> {
                    printDecision(legal, undoable);
                    continue;
                }
                default -> {
                }
            }
            Action a = parse(s, legal);
            if (a != null) {
                return new Chosen(a);
            }
        }
    }

    private boolean reallyQuit() throws IOException {
        out.print(recordFile != null
                ? "Quit? The game so far is saved in " + Messages.printable(recordFile.toString())
                        + " and can be resumed. (y/n) "
                : "Quit? This game is not recorded and will be lost (play --record FILE keeps games). (y/n) ");
        out.flush();
        String line = in.readLine();
        boolean yes = line == null || line.trim().toLowerCase(Locale.ROOT).startsWith("y");
        if (!yes) {
            out.println("Playing on.");
        }
        return yes;
    }

    /** The action the input names, or null after explaining why it names none. */
    private Action parse(String s, List<Action> legal) {
        String[] parts = s.replace(',', ' ').trim().split("\\s+");
        if (parts.length == 1) {
            try {
                int k = Integer.parseInt(parts[0]);
                if (k >= 1 && k <= legal.size()) {
                    return legal.get(k - 1);
                }
                out.println("There is no choice " + k + ": pick 1-" + legal.size() + ".");
            } catch (NumberFormatException e) {
                out.println("'" + Messages.printable(s) + "' is not a choice: type a number 1-" + legal.size()
                        + ", or 'help'.");
            }
            return null;
        }
        if (game.decisionKind() == DecisionKind.PLACE_TILE && (parts.length == 2 || parts.length == 3)) {
            try {
                int x = Integer.parseInt(parts[0]), y = Integer.parseInt(parts[1]);
                int deg = parts.length == 3 ? Integer.parseInt(parts[2]) : 0;
                if (!Position.inRange(x) || !Position.inRange(y)) {
                    out.println("Not a placement: (" + x + "," + y + ") is beyond the landscape's limits (-"
                            + Position.LIMIT + " to " + Position.LIMIT + ").");
                    return null;
                }
                Action a = new Action.PlaceTile(new Position(x, y), Rotation.ofDegrees(deg));
                // Check on a copy so that a refusal gives the engine's reason and changes nothing.
                ApplyResult r = game.copy().apply(a);
                if (r instanceof ApplyResult.Rejected rej) {
                    out.println("Not possible: " + rej.reason() + ".");
                    return null;
                }
                return a;
            } catch (IllegalArgumentException e) { // NumberFormatException included
                out.println("Not a placement: " + (e instanceof NumberFormatException ? "x, y and rotation are "
                        + "whole numbers" : e.getMessage()) + " (write 'x y rotation', e.g. '0 -1 90').");
                return null;
            }
        }
        out.println("'" + Messages.printable(s) + "' is not a choice: type a number 1-" + legal.size()
                + ", or 'help'.");
        return null;
    }

    private void printDecision(List<Action> legal, boolean undoable) {
        GameState g = game;
        out.println();
        DecisionKind k = g.decisionKind();
        switch (k) {
            case PLACE_TILE -> {
                List<String> choices = placementChoices(legal);
                TileType t = g.drawnTile();
                Position centre = lastPlaced; // the action: where the last tile went
                // Below the board: the status (and wheel) line, two lines on the tile, the choices, the prompt.
                int reserved = 4 + choices.size() + (g.pig() != null ? 1 : 0);
                out.print(window(g, centre, true, TileText.render(t, Rotation.R0), reserved));
                out.println(status(g));
                out.println("Your tile: " + t.id() + " (on the right, unturned); " + g.pileSize()
                        + (g.pileSize() == 1 ? " tile" : " tiles") + " left in the pile.");
                out.println("Place it: square (x,y), then [choice] and clockwise turn:");
                choices.forEach(out::println);
                return;
            }
            case DEPLOY -> {
                PlacedTile p = g.placedTile();
                out.println("You placed " + p.type().id() + " at " + p.position() + " turned "
                        + p.rotation().degrees() + "°. Its features:");
                out.print(TileText.renderWithFeatureIndices(p.type(), p.rotation()));
                out.println("Deploy a follower (" + g.supply(humanSeat) + " in your supply) or pass"
                        + (undoable ? "; 'undo' takes the tile back" : "") + ":");
            }
            case PLAGUE_RETURN -> out.println("Plague: return one of your followers from the landscape:");
            case CROP_CIRCLE_CHOICE -> {
                CropSymbol sym = cropSymbol(g);
                out.println("Crop circle" + (sym == null ? "" : " with the " + symbolName(sym) + " ("
                        + plural(sym.affects.role) + ")") + ": everybody adds or everybody removes one:");
            }
            case CROP_CIRCLE_ADD -> {
                CropSymbol sym = cropSymbol(g);
                out.println("Crop circle (add): add a " + (sym == null ? "follower" : sym.affects.role)
                        + " to a " + (sym == null ? "feature" : sym.affects.label)
                        + " where you have one, or pass:");
            }
            case CROP_CIRCLE_REMOVE -> {
                CropSymbol sym = cropSymbol(g);
                out.println("Crop circle (remove): return one of your " + plural(sym == null ? "follower"
                        : sym.affects.role) + ":");
            }
            default -> {
            }
        }
        for (int i = 0; i < legal.size(); i++) {
            say("  [" + (i + 1) + "] " + describe(g, legal.get(i)));
        }
    }

    /** The crop-circle symbol of the tile just placed, the one whose step is being decided. */
    private static CropSymbol cropSymbol(GameState g) {
        PlacedTile p = g.placedTile();
        return p == null ? null : p.type().cropSymbol();
    }

    /** The rulebook's plural of a follower's role: thieves, knights, farmers, monks. */
    static String plural(String role) {
        return role.endsWith("f") ? role.substring(0, role.length() - 1) + "ves" : role + "s";
    }

    private static String symbolName(CropSymbol s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    /** Placements grouped by position, several positions to a line: {@code (1,0) [3] 0° [4] 90°}. */
    private List<String> placementChoices(List<Action> legal) {
        List<String> groups = new ArrayList<>();
        StringBuilder group = new StringBuilder();
        Position last = null;
        for (int i = 0; i < legal.size(); i++) {
            Action.PlaceTile p = (Action.PlaceTile) legal.get(i);
            if (!p.position().equals(last)) {
                if (group.length() > 0) {
                    groups.add(group.toString());
                }
                group.setLength(0);
                group.append(p.position());
                last = p.position();
            }
            group.append(" [").append(i + 1).append("] ").append(p.rotation().degrees()).append('°');
        }
        if (group.length() > 0) {
            groups.add(group.toString());
        }
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(" ");
        for (String gr : groups) {
            if (line.length() > 1 && line.length() + 3 + gr.length() > screen.columns()) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(' ');
            }
            line.append(line.length() > 1 ? "   " : " ").append(gr);
        }
        if (line.length() > 1) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** One line with every seat's score and supply, and the wheel's pig and crowns when it is in play. */
    static String status(GameState g) {
        StringBuilder sb = new StringBuilder("Scores:");
        for (int s = 0; s < g.players(); s++) {
            sb.append(s == 0 ? " " : " · ").append(BoardText.seatChar(s)).append(' ').append(g.score(s))
                    .append(" (").append(g.supply(s)).append(" in supply)");
        }
        Sector pig = g.pig();
        if (pig != null) {
            sb.append("\nWheel: pig on ").append(pig.label).append("; crown spaces (_ free)");
            for (Sector s : Sector.values()) {
                sb.append(' ').append(s.label, 0, 2).append(' ');
                for (Seat c : g.crowns(s)) {
                    sb.append(c == null ? '_' : BoardText.seatChar(c));
                }
            }
        }
        return sb.toString();
    }

    private String window(GameState g, Position centre, boolean note) {
        return window(g, centre, note, "", 8);
    }

    /**
     * The board cut to the terminal around {@code centre}, with {@code beside} (a tile's picture) to the right of
     * its first lines when there is room; {@code reservedLines} are kept free for what follows.
     */
    private String window(GameState g, Position centre, boolean note, String beside, int reservedLines) {
        String[] side = beside.isEmpty() ? new String[0] : beside.split("\n");
        int sideWidth = side.length == 0 ? 0 : side[0].length() + 2;
        // At least two rows of squares: one alone shows too little to place a tile by.
        int rows = Math.max(1 + 2 * BoardWindow.SQUARE_HEIGHT, screen.lines() - reservedLines - (note ? 1 : 0));
        BoardWindow w = BoardWindow.around(g, centre, screen.columns() - sideWidth, rows);
        List<String> lines = new ArrayList<>(w.lines());
        int width = 0;
        for (String l : lines) {
            width = Math.max(width, l.length());
        }
        for (int i = 0; i < side.length; i++) {
            if (i + 1 < lines.size()) {
                String l = lines.get(i + 1);
                lines.set(i + 1, l + " ".repeat(width - l.length() + 2) + side[i]);
            } else {
                lines.add(" ".repeat(width + 2) + side[i]);
            }
        }
        StringBuilder sb = new StringBuilder();
        lines.forEach(l -> sb.append(l).append('\n'));
        if (note && w.cut()) {
            sb.append("(showing x ").append(w.x0()).append("..").append(w.x1()).append(", y ").append(w.y0())
                    .append("..").append(w.y1()).append(" of x ").append(w.minX()).append("..").append(w.maxX())
                    .append(", y ").append(w.minY()).append("..").append(w.maxY()).append("; 'board' shows all)\n");
        }
        return sb.toString();
    }

    /** A readable description of an action in the decision of {@code g}. */
    static String describe(GameState g, Action a) {
        if (a instanceof Action.PlaceTile p) {
            return "places " + g.drawnTile().id() + " at " + p.position() + " turned " + p.rotation().degrees() + "°";
        } else if (a instanceof Action.Deploy d) {
            PlacedTile p = g.placedTile();
            return "puts a " + feature(p.type(), d.feature(), true) + " on " + p.type().id() + " at " + p.position();
        } else if (a instanceof Action.DeployOnCrown c) {
            return "puts a follower on a crown space of " + c.sector().label;
        } else if (a instanceof Action.Pass) {
            return g.decisionKind() == DecisionKind.CROP_CIRCLE_ADD ? "adds no follower" : "deploys nothing (pass)";
        } else if (a instanceof Action.ReturnFollower r) {
            PlacedTile t = g.tileAt(r.position());
            return "returns the " + feature(t.type(), r.feature(), true) + " at " + r.position();
        } else if (a instanceof Action.ChooseCropCircleOption c) {
            return "chooses " + c.option().name().toLowerCase(Locale.ROOT) + " for everybody";
        } else if (a instanceof Action.AddFollower f) {
            PlacedTile t = g.tileAt(f.position());
            return "adds a follower to the " + feature(t.type(), f.feature(), false) + " at " + f.position();
        }
        return a.describe();
    }

    /** E.g. "knight (city C1, feature 0)" or "city C1 (feature 0)". */
    private static String feature(TileType t, int index, boolean withRole) {
        TileFeature f = t.feature(index);
        String where = f.kind().label + " " + f.name() + ", feature " + index;
        return withRole ? f.kind().role + " (" + where + ")" : where.replace(", feature", " (feature") + ")";
    }

    /** Tells the person what happened, in the rulebook's words (draws are told where they matter). */
    private void report(List<Event> events) {
        for (Event e : events) {
            String s = event(e);
            if (e instanceof Event.TilePlaced p) {
                lastPlaced = p.position();
            }
            if (s != null) {
                say(s);
            }
        }
    }

    /** Prints a sentence wrapped at spaces to the terminal's width, continued lines indented. */
    private void say(String text) {
        int width = screen.columns();
        String rest = text;
        String indent = "";
        while (indent.length() + rest.length() > width) {
            int room = width - indent.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room; // one word longer than the line: cut it
            }
            out.println(indent + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            indent = "    ";
        }
        out.println(indent + rest);
    }

    /** One event as a sentence, or null for events the person need not be told. */
    static String event(Event e) {
        if (e instanceof Event.TileDiscarded d) {
            return "Tile " + d.tile() + " fits nowhere: it is discarded and seat " + d.seat().index()
                    + " draws again.";
        } else if (e instanceof Event.FeatureScored f) {
            String who = seatPoints(f.points());
            if (who.isEmpty()) {
                return null;
            }
            return (f.atGameEnd() ? "Final scoring, " + f.kind().label : "Completed " + f.kind().label) + " ("
                    + f.tiles().size() + (f.tiles().size() == 1 ? " tile" : " tiles")
                    + (f.pennants() > 0 ? ", " + f.pennants() + (f.pennants() == 1 ? " pennant" : " pennants") : "")
                    + "): " + who + ".";
        } else if (e instanceof Event.PigMoved m) {
            return "The pig moves " + m.steps() + (m.steps() == 1 ? " sector" : " sectors") + " from "
                    + m.from().label + " to " + m.to().label + ".";
        } else if (e instanceof Event.SectorResolved r) {
            List<String> who = new ArrayList<>();
            for (int p = 0; p < r.points().size(); p++) {
                if (r.points().get(p) != 0) {
                    String why = r.reasons().size() > p ? r.reasons().get(p).text() : "";
                    who.add("seat " + p + " +" + r.points().get(p) + (why.isEmpty() ? "" : " (" + why + ")"));
                }
            }
            return r.sector().label + ": " + (who.isEmpty() ? "nobody scores." : String.join(", ", who) + ".");
        } else if (e instanceof Event.CrownsScored c) {
            String who = seatPoints(c.points());
            return "The crowns of " + c.sector().label + (who.isEmpty() ? " are empty." : " score: " + who + ".");
        } else if (e instanceof Event.FollowerReturned r && r.reason() != Event.ReturnReason.SCORED) {
            String where = r.position() == null ? "crown space of " + r.crownSector().label
                    : r.featureName() + " at " + r.position();
            return switch (r.reason()) {
                case PLAGUE -> "Plague: seat " + r.seat().index() + "'s follower on " + where
                        + " goes back to the supply.";
                case CROWN_SCORED -> "Seat " + r.seat().index() + "'s follower leaves the " + where
                        + " after scoring.";
                case CROP_CIRCLE -> "Crop circle: seat " + r.seat().index() + "'s follower on " + where
                        + " goes back to the supply.";
                case SCORED -> null;
            };
        } else if (e instanceof Event.CropCircleChosen c) {
            return "Crop circle with the " + symbolName(c.symbol()) + " (" + plural(c.symbol().affects.role) + "): seat "
                    + c.seat().index() + " chooses to " + c.option().name().toLowerCase(Locale.ROOT) + ".";
        } else if (e instanceof Event.CropCircleSkipped c) {
            return "Crop circle with the " + symbolName(c.symbol()) + ": nobody has a " + c.symbol().affects.role
                    + ", so nothing happens.";
        } else if (e instanceof Event.FollowerAdded f) {
            return "Crop circle: seat " + f.seat().index() + " adds a " + f.kind().role + " to the " + f.kind().label
                    + " " + f.featureName() + " at " + f.position() + ".";
        } else if (e instanceof Event.Declined d && d.forced()) { // a free choice was already told as an action
            return "Seat " + d.seat().index() + " adds no follower (none in the supply).";
        } else if (e instanceof Event.Skipped s) {
            return "Seat " + s.seat().index() + " is skipped: " + s.text() + ".";
        }
        return null;
    }

    private static String seatPoints(List<Integer> points) {
        List<String> who = new ArrayList<>();
        for (int p = 0; p < points.size(); p++) {
            if (points.get(p) > 0) {
                who.add("seat " + p + " +" + points.get(p));
            }
        }
        return String.join(", ", who);
    }
}
