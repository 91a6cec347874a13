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
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.text.BoardText;
import dev.fortuna.engine.text.TileText;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A person plays against bots in a terminal. On each of the person's decisions the board is shown and the legal
 * choices are listed with short numeric codes; the person types a code (or, for a placement, {@code x y
 * rotation}). Anything else gets an explanation and the same question again; {@code board} shows the board,
 * {@code help} the commands, {@code quit} or the end of the input ends the game cleanly. Input and output are
 * injected, so a script can play a whole game.
 */
public final class TerminalGame {
    private final GameConfig config;
    private final int humanSeat;
    private final List<BotSpec> bots;
    private final BufferedReader in;
    private final PrintWriter out;
    private final SplitMix64 seeds;

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
        GameState g = GameState.newGame(config, opening);
        out.println("Fortuna: you are seat " + humanSeat + " ('" + BoardText.seatChar(humanSeat) + "').");
        for (int s = 0; s < config.players(); s++) {
            if (s != humanSeat) {
                out.println("  seat " + s + " ('" + BoardText.seatChar(s) + "'): " + botFor(s).label());
            }
        }
        out.println(BoardText.LEGEND);
        report(opening);
        while (!g.isOver()) {
            int seat = g.decidingSeat();
            Action a;
            if (seat == humanSeat) {
                a = ask(g);
                if (a == null) {
                    out.println("Game abandoned.");
                    return null;
                }
            } else {
                a = Action.decode(botFor(seat).chooseCode(g.viewFor(Seat.of(seat)), seeds.nextLong()));
                out.println("Seat " + seat + " (" + botFor(seat).label() + "): " + describe(g, a));
            }
            ApplyResult r = g.apply(a);
            if (r instanceof ApplyResult.Applied ap) {
                report(ap.events());
            } else {
                // Only a bot can get here (the person's input is checked against the legal list first).
                throw new IllegalStateException("bot chose an illegal action: " + ((ApplyResult.Rejected) r).reason());
            }
        }
        out.println();
        out.print(BoardText.render(g));
        List<Seat> winners = g.leaders();
        StringBuilder w = new StringBuilder("Game over. ");
        for (int s = 0; s < g.players(); s++) {
            w.append("seat ").append(s).append(": ").append(g.score(s)).append(s + 1 < g.players() ? ", " : ". ");
        }
        w.append(winners.size() == 1 ? "Winner: seat " + winners.get(0).index()
                : "Shared win: " + winners.stream().map(x -> "seat " + x.index()).toList());
        if (winners.contains(Seat.of(humanSeat))) {
            w.append(" — well played!");
        }
        out.println(w);
        return g;
    }

    private BotSpec botFor(int seat) {
        int k = seat < humanSeat ? seat : seat - 1;
        return bots.get(k % bots.size());
    }

    /** Asks until the input names a legal action; null on quit or end of input. */
    private Action ask(GameState g) throws IOException {
        List<Action> legal = g.legalActions();
        printDecision(g, legal);
        while (true) {
            out.print("> ");
            out.flush();
            String line = in.readLine();
            if (line == null) {
                out.println();
                out.println("Input ended.");
                return null;
            }
            String s = line.trim().toLowerCase(Locale.ROOT);
            if (s.isEmpty()) {
                out.println("Type the number of your choice (1-" + legal.size() + "), or 'help'.");
                continue;
            }
            switch (s) {
                case "q", "quit", "exit" -> {
                    return null;
                }
                case "h", "help", "?" -> {
                    out.println("Commands: a number from the list; for a placement also 'x y rotation' (e.g. '0 -1 90');"
                            + " 'list' repeats the choices, 'board' shows the board, 'quit' ends the game.");
                    continue;
                }
                case "b", "board" -> {
                    out.print(BoardText.render(g));
                    continue;
                }
                case "l", "list" -> {
                    printDecision(g, legal);
                    continue;
                }
                default -> {
                }
            }
            Action a = parse(g, s, legal);
            if (a != null) {
                return a;
            }
        }
    }

    /** The action the input names, or null after explaining why it names none. */
    private Action parse(GameState g, String s, List<Action> legal) {
        String[] parts = s.replace(',', ' ').trim().split("\\s+");
        if (parts.length == 1) {
            try {
                int k = Integer.parseInt(parts[0]);
                if (k >= 1 && k <= legal.size()) {
                    return legal.get(k - 1);
                }
                out.println("There is no choice " + k + ": pick 1-" + legal.size() + ".");
            } catch (NumberFormatException e) {
                out.println("'" + s + "' is not a choice: type a number 1-" + legal.size() + ", or 'help'.");
            }
            return null;
        }
        if (g.decisionKind() == DecisionKind.PLACE_TILE && (parts.length == 2 || parts.length == 3)) {
            try {
                int x = Integer.parseInt(parts[0]), y = Integer.parseInt(parts[1]);
                int deg = parts.length == 3 ? Integer.parseInt(parts[2]) : 0;
                Action a = new Action.PlaceTile(new Position(x, y), Rotation.ofDegrees(deg));
                // Check on a copy so that a refusal gives the engine's reason and changes nothing.
                ApplyResult r = g.copy().apply(a);
                if (r instanceof ApplyResult.Rejected rej) {
                    out.println("Not possible: " + rej.reason() + ".");
                    return null;
                }
                return a;
            } catch (IllegalArgumentException e) {
                out.println("Not a placement: " + e.getMessage() + " (write 'x y rotation', e.g. '0 -1 90').");
                return null;
            }
        }
        out.println("'" + s + "' is not a choice: type a number 1-" + legal.size() + ", or 'help'.");
        return null;
    }

    private void printDecision(GameState g, List<Action> legal) {
        out.println();
        out.print(BoardText.render(g));
        DecisionKind k = g.decisionKind();
        switch (k) {
            case PLACE_TILE -> {
                TileType t = g.drawnTile();
                out.println("Your tile: " + t.id() + " (" + t.notation() + "), shown unturned:");
                out.print(TileText.render(t, Rotation.R0));
                out.println("Place it (position, clockwise turn):");
            }
            case DEPLOY -> {
                PlacedTile p = g.placedTile();
                out.println("You placed " + p.type().id() + " at " + p.position() + ". Its features:");
                out.print(TileText.renderWithFeatureIndices(p.type(), p.rotation()));
                out.println("Deploy a follower (supply " + g.supply(humanSeat) + ") or pass:");
            }
            case PLAGUE_RETURN -> out.println("Plague: return one of your followers from the landscape:");
            case CROP_CIRCLE_CHOICE -> out.println("Crop circle: choose for everybody:");
            case CROP_CIRCLE_ADD -> out.println("Crop circle (add): add a follower next to one of yours, or pass:");
            case CROP_CIRCLE_REMOVE -> out.println("Crop circle (remove): return one of your followers:");
            default -> {
            }
        }
        StringBuilder line = new StringBuilder();
        Position lastPos = null;
        for (int i = 0; i < legal.size(); i++) {
            Action a = legal.get(i);
            if (a instanceof Action.PlaceTile p) {
                // Group the rotations of one position on one line.
                if (!p.position().equals(lastPos)) {
                    if (line.length() > 0) {
                        out.println(line);
                    }
                    line.setLength(0);
                    line.append("  at ").append(p.position()).append(':');
                    lastPos = p.position();
                }
                line.append("  [").append(i + 1).append("] ").append(p.rotation().degrees()).append('°');
            } else {
                out.println("  [" + (i + 1) + "] " + describe(g, a));
            }
        }
        if (line.length() > 0) {
            out.println(line);
        }
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
        return a.toString();
    }

    /** E.g. "knight (city C1, feature 0)" or "city C1 (feature 0)". */
    private static String feature(TileType t, int index, boolean withRole) {
        TileFeature f = t.feature(index);
        String where = f.kind().label + " " + f.name() + ", feature " + index;
        return withRole ? f.kind().role + " (" + where + ")" : where.replace(", feature", " (feature") + ")";
    }

    /** Prints the events worth telling the person (draws, discards, scores, the wheel). */
    private void report(List<Event> events) {
        for (Event e : events) {
            String s = null;
            if (e instanceof Event.TileDrawn d) {
                s = "Seat " + d.seat().index() + " draws " + d.tile() + " (" + d.remaining() + " left).";
            } else if (e instanceof Event.TileDiscarded d) {
                s = "Tile " + d.tile() + " fits nowhere and is discarded.";
            } else if (e instanceof Event.FeatureScored f) {
                List<String> who = new ArrayList<>();
                for (int p = 0; p < f.points().size(); p++) {
                    if (f.points().get(p) > 0) {
                        who.add("seat " + p + " +" + f.points().get(p));
                    }
                }
                if (!who.isEmpty()) {
                    s = (f.atGameEnd() ? "Final scoring, " : "Completed ") + f.kind().label + ": " + String.join(", ", who);
                }
            } else if (e instanceof Event.PigMoved m) {
                s = "The pig moves " + m.steps() + " from " + m.from().label + " to " + m.to().label + ".";
            } else if (e instanceof Event.SectorResolved r) {
                List<String> who = new ArrayList<>();
                for (int p = 0; p < r.points().size(); p++) {
                    if (r.points().get(p) != 0) {
                        who.add("seat " + p + " +" + r.points().get(p));
                    }
                }
                s = r.sector().label + (who.isEmpty() ? "." : ": " + String.join(", ", who));
            } else if (e instanceof Event.CrownsScored c) {
                s = "Crowns of " + c.sector().label + " score " + c.points() + ".";
            } else if (e instanceof Event.FollowerReturned r && r.reason() != Event.ReturnReason.SCORED) {
                s = "Seat " + r.seat().index() + "'s follower returns (" + r.reason().name().toLowerCase(Locale.ROOT)
                        + ").";
            } else if (e instanceof Event.CropCircleChosen c) {
                s = "Crop circle: seat " + c.seat().index() + " chooses " + c.option().name().toLowerCase(Locale.ROOT)
                        + ".";
            }
            if (s != null) {
                out.println(s);
            }
        }
    }
}
