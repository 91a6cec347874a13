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
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A person plays against bots in a terminal. Each decision's screen fits the terminal's lines and columns: before
 * each placement the board around the action is shown, as large as the choices leave room for ({@code board}
 * shows all of it), with the tile to place beside it; the legal choices are listed with short numbers, a page at a
 * time when they are more than fit ({@code m} shows the next), and the person types a number (or, for a
 * placement, {@code x y rotation}). A
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
    /** The page of choices shown, and how many there are, in the decision being asked. */
    private int page, pages = 1;

    /** The first line of every decision's screen: where the turn begins, after the others' moves. */
    static final String RULE = "--- your turn " + "-".repeat(26);

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
        window(game, lastPlaced, false, "", Math.max(11, screen.lines() - 8)).forEach(out::println);
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
        say(w.toString());
        if (recordFile != null) {
            say("The game is saved in " + Messages.printable(recordFile.toString()) + ".");
        }
        return game;
    }

    /** The board's legend, its entries (two spaces apart) wrapped to the terminal's width. */
    private void legend() {
        wrapItems("", List.of(BoardText.LEGEND.split("  ")), "  ", screen.columns()).forEach(out::println);
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
            say("Saved: 'fortuna play --resume " + Messages.printable(recordFile.toString())
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
        say("You " + describe(before, placement).replaceFirst("^places", "place") + ":");
        say("  [1] keep it (or just Enter)   [2] take it back (or 'undo')");
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
            say("Type 1 (or Enter) to keep the placement, 2 (or 'undo') to take it back.");
        }
    }

    /** Asks until the input names a legal action or a command; quitting is asked back first. */
    private Answer ask(boolean undoable) throws IOException {
        List<Action> legal = game.legalActions();
        page = 0;
        printDecision(legal, undoable);
        while (true) {
            String s = prompt();
            if (s == null) {
                return Command.QUIT;
            }
            if (s.isEmpty()) {
                say("Type the number of your choice (1-" + legal.size() + "), or 'help'.");
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
                    say("There is nothing to take back now: only your placement, before you decide on a follower.");
                    continue;
                }
                case "h", "help", "?" -> {
                    say("Commands: a number from the list; for a placement also 'x y rotation' (e.g. '0 -1 90');"
                            + " 'm' shows more choices when they are more than fit, 'list' repeats them, 'board'"
                            + " shows the whole board, 'undo' takes back your placement before you decide on a"
                            + " follower, 'quit' ends the game.");
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
                case "m", "more" -> {
                    if (pages == 1) {
                        say("All the choices are shown: type the number of yours.");
                    } else {
                        page = (page + 1) % pages;
                        printDecision(legal, undoable);
                    }
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
        List<String> question = wrap(recordFile != null
                ? "Quit? The game so far is saved in " + Messages.printable(recordFile.toString())
                        + " and can be resumed. (y/n) "
                : "Quit? This game is not recorded and will be lost (play --record FILE keeps games). (y/n) ",
                screen.columns() - 1); // room for the answer's first character
        for (int i = 0; i + 1 < question.size(); i++) {
            out.println(question.get(i));
        }
        out.print(question.get(question.size() - 1) + " ");
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
            if (parts[0].matches("[-+]?[0-9]+")) { // a whole number, perhaps too big for an int
                BigInteger k = new BigInteger(parts[0]);
                if (k.signum() > 0 && k.compareTo(BigInteger.valueOf(legal.size())) <= 0) {
                    return legal.get(k.intValue() - 1);
                }
                say("There is no choice " + k + ": pick 1-" + legal.size() + ".");
            } else {
                say("'" + Messages.printable(s) + "' is not a choice: type a number 1-" + legal.size()
                        + ", or 'help'.");
            }
            return null;
        }
        if (game.decisionKind() == DecisionKind.PLACE_TILE && (parts.length == 2 || parts.length == 3)) {
            for (String part : parts) {
                if (!part.matches("[-+]?[0-9]+")) {
                    say("Not a placement: x, y and rotation are whole numbers (write 'x y rotation', e.g. "
                            + "'0 -1 90').");
                    return null;
                }
            }
            // Whole numbers of any size: the range checks below name the one that is out of range.
            BigInteger x = new BigInteger(parts[0]), y = new BigInteger(parts[1]);
            BigInteger deg = parts.length == 3 ? new BigInteger(parts[2]) : BigInteger.ZERO;
            if (!inLandscape(x) || !inLandscape(y)) {
                say("Not a placement: (" + x + "," + y + ") is beyond the landscape's limits (-" + Position.LIMIT
                        + " to " + Position.LIMIT + ").");
                return null;
            }
            Rotation rotation;
            try {
                rotation = Rotation.ofDegrees(deg.bitLength() < 32 ? deg.intValue() : -1);
            } catch (IllegalArgumentException e) {
                say("Not a placement: rotation must be 0, 90, 180 or 270 degrees, not " + deg + " (write "
                        + "'x y rotation', e.g. '0 -1 90').");
                return null;
            }
            Action a = new Action.PlaceTile(new Position(x.intValue(), y.intValue()), rotation);
            // Check on a copy so that a refusal gives the engine's reason and changes nothing.
            ApplyResult r = game.copy().apply(a);
            if (r instanceof ApplyResult.Rejected rej) {
                say("Not possible: " + rej.reason() + ".");
                return null;
            }
            return a;
        }
        say("'" + Messages.printable(s) + "' is not a choice: type a number 1-" + legal.size() + ", or 'help'.");
        return null;
    }

    private static boolean inLandscape(BigInteger v) {
        return v.abs().compareTo(BigInteger.valueOf(Position.LIMIT)) <= 0;
    }

    /**
     * Prints the screen of one decision, made to fit the terminal: a rule, the board cut to what is left (for a
     * placement), what is to be decided, one page of the numbered choices (all of them when they fit; else
     * {@code m} shows the next page, and every number can be typed on any page), then the prompt.
     */
    private void printDecision(List<Action> legal, boolean undoable) {
        GameState g = game;
        int width = screen.columns();
        List<String> head = new ArrayList<>();
        List<Choice> choices = new ArrayList<>();
        String picture = null;
        DecisionKind k = g.decisionKind();
        switch (k) {
            case PLACE_TILE -> {
                TileType t = g.drawnTile();
                picture = TileText.render(t, Rotation.R0);
                head.addAll(status(g, width));
                head.addAll(wrap("Your tile: " + t.id() + " (right, unturned); " + g.pileSize() + " left in the "
                        + "pile.", width));
                Action.PlaceTile first = (Action.PlaceTile) legal.get(0);
                head.addAll(wrap("Place it: number:turn by square (1 = " + first.position() + " turned "
                        + first.rotation().degrees() + "°):", width));
                choices = placementChoices(legal);
            }
            case DEPLOY -> {
                PlacedTile p = g.placedTile();
                head.addAll(wrap("You placed " + p.type().id() + " at " + p.position() + " turned "
                        + p.rotation().degrees() + "°. Its features:", width));
                // The tile in its frame, with the list of its features beside it.
                List<String> tile = List.of(TileText.renderWithFeatureIndices(p.type(), p.rotation()).split("\n"));
                int framed = BoardWindow.SQUARE_HEIGHT + 2;
                head.addAll(beside(tile.subList(0, framed), tile.subList(framed, tile.size())));
                head.addAll(wrap("Deploy a follower (" + g.supply(humanSeat) + " in your supply) or pass"
                        + (undoable ? "; 'undo' takes the tile back" : "") + ":", width));
            }
            case PLAGUE_RETURN -> head.addAll(wrap("Plague: return one of your followers from the landscape:", width));
            case CROP_CIRCLE_CHOICE -> {
                CropSymbol sym = cropSymbol(g);
                head.addAll(wrap("Crop circle" + (sym == null ? "" : " with the " + symbolName(sym) + " ("
                        + plural(sym.affects.role) + ")") + ": everybody adds or everybody removes one:", width));
            }
            case CROP_CIRCLE_ADD -> {
                CropSymbol sym = cropSymbol(g);
                head.addAll(wrap("Crop circle (add): add a " + (sym == null ? "follower" : sym.affects.role)
                        + " to a " + (sym == null ? "feature" : sym.affects.label) + " where you have one, or pass:",
                        width));
            }
            case CROP_CIRCLE_REMOVE -> {
                CropSymbol sym = cropSymbol(g);
                head.addAll(wrap("Crop circle (remove): return one of your " + plural(sym == null ? "follower"
                        : sym.affects.role) + ":", width));
            }
            default -> {
            }
        }
        if (k != DecisionKind.PLACE_TILE) {
            for (int i = 0; i < legal.size(); i++) {
                choices.add(new Choice(wrap("  [" + (i + 1) + "] " + describe(g, legal.get(i)), width), i + 1, i + 1));
            }
        }
        // The rule and the prompt take a line each; the board gets what the choices leave, within limits.
        int room = screen.lines() - 2 - head.size();
        List<String> board = List.of();
        if (picture != null) {
            int wanted = 0;
            for (Choice c : choices) {
                wanted += c.lines().size();
            }
            // Two rows of squares (with the x labels and the note) where that leaves a few lines of choices, at
            // least one row (the tile's picture beside it is two lines taller than a row).
            int least = Math.max(3 + BoardWindow.SQUARE_HEIGHT,
                    Math.min(3 + 2 * BoardWindow.SQUARE_HEIGHT, room - 5));
            board = window(g, lastPlaced, true, picture, Math.max(least, room - wanted));
            if (room - board.size() < 2) { // a terminal too small for the board and a choice: the tile alone
                board = List.of(picture.split("\n"));
            }
            room -= board.size();
        }
        List<List<Choice>> paged = pages(choices, room);
        pages = paged.size();
        page = Math.min(page, pages - 1);
        out.println(RULE);
        board.forEach(out::println);
        head.forEach(out::println);
        for (Choice c : paged.get(page)) {
            c.lines().forEach(out::println);
        }
        if (pages > 1) {
            List<Choice> shown = paged.get(page);
            out.println("Choices " + shown.get(0).first() + "-" + shown.get(shown.size() - 1).last() + " of "
                    + legal.size() + "; 'm' shows " + (page + 1 < pages ? "more." : "the first ones again."));
        }
    }

    /** One numbered choice, or several (placements on one line), as printed: its lines and its numbers. */
    private record Choice(List<String> lines, int first, int last) {
    }

    /** The choices in pages of at most {@code room} lines with the line that says there are more. */
    private static List<List<Choice>> pages(List<Choice> choices, int room) {
        int total = 0;
        for (Choice c : choices) {
            total += c.lines().size();
        }
        if (total <= room) {
            return List.of(choices);
        }
        int size = Math.max(1, room - 1);
        List<List<Choice>> out = new ArrayList<>();
        List<Choice> current = new ArrayList<>();
        int used = 0;
        for (Choice c : choices) {
            if (!current.isEmpty() && used + c.lines().size() > size) {
                out.add(current);
                current = new ArrayList<>();
                used = 0;
            }
            current.add(c);
            used += c.lines().size();
        }
        out.add(current);
        return out;
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

    /**
     * Placements grouped by square, each rotation as number:degrees ({@code (1,0) 3:0 4:90}), the squares in
     * columns, as many as the width takes; a line is one {@link Choice}.
     */
    private List<Choice> placementChoices(List<Action> legal) {
        List<Choice> groups = new ArrayList<>();
        StringBuilder group = new StringBuilder();
        Position last = null;
        int first = 1;
        for (int i = 0; i < legal.size(); i++) {
            Action.PlaceTile p = (Action.PlaceTile) legal.get(i);
            if (!p.position().equals(last)) {
                if (group.length() > 0) {
                    groups.add(new Choice(List.of(group.toString()), first, i));
                }
                group.setLength(0);
                group.append(p.position());
                last = p.position();
                first = i + 1;
            }
            group.append(' ').append(i + 1).append(':').append(p.rotation().degrees());
        }
        groups.add(new Choice(List.of(group.toString()), first, legal.size()));
        // Columns as wide as the widest square with one turn; a square with more turns spans more columns.
        int width = screen.columns(), column = 0, shortest = Integer.MAX_VALUE;
        for (Choice c : groups) {
            int length = c.lines().get(0).length();
            shortest = Math.min(shortest, length);
            if (c.first() == c.last()) {
                column = Math.max(column, length);
            }
        }
        column = column == 0 ? shortest : column;
        int cells = Math.max(1, (width - 1 + 3) / (column + 3));
        List<Choice> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int used = 0, from = 1;
        for (Choice c : groups) {
            String text = c.lines().get(0);
            int span = Math.min(cells, (text.length() + 3 + column + 2) / (column + 3));
            if (used > 0 && used + span > cells) {
                lines.add(new Choice(wrap(line.toString().stripTrailing(), width), from, c.first() - 1));
                line.setLength(0);
                used = 0;
            }
            if (used == 0) {
                from = c.first();
            }
            line.append(used == 0 ? " " : "   ").append(text).append(" ".repeat(Math.max(0,
                    span * (column + 3) - 3 - text.length())));
            used += span;
        }
        lines.add(new Choice(wrap(line.toString().stripTrailing(), width), from, legal.size()));
        return lines;
    }

    /** Every seat's score and followers in supply, and the wheel's pig and crowns when it is in play. */
    static List<String> status(GameState g, int width) {
        List<String> seats = new ArrayList<>();
        for (int s = 0; s < g.players(); s++) {
            seats.add(BoardText.seatChar(s) + " " + g.score(s) + " (" + g.supply(s) + ")");
        }
        List<String> lines = new ArrayList<>(wrapItems("Scores (supply): ", seats, " · ", width));
        Sector pig = g.pig();
        if (pig != null) {
            List<String> crowns = new ArrayList<>();
            for (Sector s : Sector.values()) {
                StringBuilder c = new StringBuilder(s.label.substring(0, 2)).append(' ');
                for (Seat seat : g.crowns(s)) {
                    c.append(seat == null ? '_' : BoardText.seatChar(seat));
                }
                crowns.add(c.toString());
            }
            lines.addAll(wrapItems("Wheel: pig on " + pig.label + "; crowns (_ free): ", crowns, " ", width));
        }
        return lines;
    }

    /** The items after {@code first}, {@code separator} between them, wrapped to {@code width} between items. */
    static List<String> wrapItems(String first, List<String> items, String separator, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String item : items) {
            if (!empty && line.length() + separator.length() + item.length() > width) {
                lines.add(line.toString().stripTrailing());
                line.setLength(0);
                line.append("  ");
                empty = true;
            }
            line.append(empty ? "" : separator).append(item);
            empty = false;
        }
        lines.add(line.toString().stripTrailing());
        return lines;
    }

    /**
     * The board cut to at most {@code maxLines} around {@code centre} (at least one row of squares), with
     * {@code beside} (a tile's picture) to the right of its first lines (its frame's top beside the x labels),
     * and with {@code note} the line that says what is shown when part of the board is left out.
     */
    private List<String> window(GameState g, Position centre, boolean note, String beside, int maxLines) {
        for (int rows = maxLines; ; rows--) {
            List<String> lines = window(g, centre, note, beside.isEmpty() ? new String[0] : beside.split("\n"), rows);
            if (lines.size() <= maxLines || rows <= 1 + BoardWindow.SQUARE_HEIGHT) {
                return lines;
            }
        }
    }

    private List<String> window(GameState g, Position centre, boolean note, String[] side, int rows) {
        int sideWidth = side.length == 0 ? 0 : side[0].length() + 2;
        BoardWindow w = BoardWindow.around(g, centre, screen.columns() - sideWidth, rows);
        List<String> lines = beside(w.lines(), List.of(side));
        if (note && w.cut()) {
            lines.addAll(wrap("(showing x " + w.x0() + ".." + w.x1() + ", y " + w.y0() + ".." + w.y1() + " of x "
                    + w.minX() + ".." + w.maxX() + ", y " + w.minY() + ".." + w.maxY() + "; 'board' shows all)",
                    screen.columns()));
        }
        return lines;
    }

    /** The lines of {@code right} to the right of those of {@code left}, two blanks after the widest. */
    static List<String> beside(List<String> left, List<String> right) {
        int width = 0;
        for (String l : left) {
            width = Math.max(width, l.length());
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
            String l = i < left.size() ? left.get(i) : "";
            lines.add(i < right.size() ? l + " ".repeat(width - l.length() + 2) + right.get(i) : l);
        }
        return lines;
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
        wrap(text, screen.columns()).forEach(out::println);
    }

    /** A sentence wrapped at spaces to {@code width}, continued lines indented; a longer word is cut. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        String rest = text;
        String indent = "";
        while (indent.length() + rest.length() > width) {
            int room = width - indent.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room; // one word longer than the line: cut it
            }
            lines.add(indent + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            indent = "    ";
        }
        lines.add((indent + rest).stripTrailing());
        return lines;
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
