package dev.fortuna.protocol;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.FeatureValue;
import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.TileFeature;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Builds {@link GameView}s. The only input is a {@link PlayerView}, so the true pile order cannot leak into one. */
public final class Views {
    private Views() {
    }

    /**
     * The view for {@code viewer} (a seat index, or null for a spectator) at {@code ply}. A spectator sees what
     * every seat sees: there is no private information in this game but the pile order.
     */
    public static GameView of(GameState game, Integer viewer, int ply) {
        return of(game, viewer, ply, null);
    }

    /**
     * As {@link #of(GameState, Integer, int)}, with the scores after each ply from 0 to {@code ply} (kept by the
     * caller: a state knows only its present), or null when they are not known.
     */
    public static GameView of(GameState game, Integer viewer, int ply, List<List<Integer>> scoreHistory) {
        PlayerView pv = game.viewFor(Seat.of(viewer == null ? 0 : viewer));
        return fromSortedPile(pv.sortedPileState(), viewer, ply,
                scoreHistory == null ? null : List.copyOf(scoreHistory));
    }

    /** {@code g} must be a pile-sorted state (from {@link PlayerView#sortedPileState()}). */
    private static GameView fromSortedPile(GameState g, Integer viewer, int ply, List<List<Integer>> scoreHistory) {
        List<GameView.Tile> board = new ArrayList<>();
        for (PlacedTile t : g.board()) {
            board.add(new GameView.Tile(t.position().x(), t.position().y(), t.type().id(), t.rotation().degrees(),
                    t.boardSquare()));
        }
        List<GameView.Follower> followers = new ArrayList<>();
        for (FollowerPlacement f : g.followers()) {
            if (f.onCrown()) {
                followers.add(new GameView.Follower(f.seat().index(), null, null, null, null, null, f.crownSector()));
            } else {
                PlacedTile t = g.tileAt(f.position());
                followers.add(new GameView.Follower(f.seat().index(), f.position().x(), f.position().y(), f.feature(),
                        t.type().feature(f.feature()).name(), f.kind(), null));
            }
        }
        List<GameView.SeatState> seats = new ArrayList<>();
        for (int s = 0; s < g.players(); s++) {
            Map<ScoreKind, Integer> byKind = new EnumMap<>(ScoreKind.class);
            for (ScoreKind k : ScoreKind.values()) {
                byKind.put(k, g.score(s, k));
            }
            seats.add(new GameView.SeatState(s, g.score(s), byKind, g.supply(s)));
        }
        List<GameView.CrownSpaces> crowns = new ArrayList<>();
        if (g.pig() != null) {
            for (Sector sector : Sector.values()) {
                List<Integer> occupants = new ArrayList<>();
                g.crowns(sector).forEach(seat -> occupants.add(seat == null ? null : seat.index()));
                crowns.add(new GameView.CrownSpaces(sector, occupants));
            }
        }
        Map<String, Integer> remaining = new TreeMap<>();
        g.remainingTiles().forEach(id -> remaining.merge(id, 1, Integer::sum));
        List<Integer> winners = g.isOver() ? g.leaders().stream().map(Seat::index).toList() : List.of();
        return new GameView(viewer, ply, GameSetup.of(g.config()), board, followers, seats, g.pig(), crowns,
                remaining, g.pileSize(), decision(g), winners, featureValues(g), scoreHistory);
    }

    /** What each occupied feature would score if the game ended now (sent with every view and update). */
    public static List<GameView.FeatureValue> featureValues(GameState g) {
        List<GameView.FeatureValue> out = new ArrayList<>();
        for (FeatureValue v : g.featureValues()) {
            List<EventDto.SquareFeature> features = new ArrayList<>(v.features().size());
            v.features().forEach(f -> features.add(EventDto.SquareFeature.of(f)));
            out.add(new GameView.FeatureValue(v.kind(), features, v.tiles(), v.pennants(), v.adjacentCompletedCities(),
                    v.followers(), v.points()));
        }
        return out;
    }

    /** The current decision with its legal actions grouped by kind (placements by square, in first-seen order). */
    public static GameView.DecisionView decision(GameState g) {
        Map<Position, List<Integer>> bySquare = new LinkedHashMap<>();
        List<GameView.Spot> spots = new ArrayList<>(), returns = new ArrayList<>(), adds = new ArrayList<>();
        List<Sector> crownSectors = new ArrayList<>();
        List<CropCircleOption> cropOptions = new ArrayList<>();
        boolean pass = false;
        PlacedTile placed = g.placedTile();
        for (Action a : g.legalActions()) {
            if (a instanceof Action.PlaceTile p) {
                bySquare.computeIfAbsent(p.position(), k -> new ArrayList<>()).add(p.rotation().degrees());
            } else if (a instanceof Action.Deploy d) {
                spots.add(spot(placed, d.feature()));
            } else if (a instanceof Action.DeployOnCrown c) {
                crownSectors.add(c.sector());
            } else if (a instanceof Action.Pass) {
                pass = true;
            } else if (a instanceof Action.ReturnFollower r) {
                returns.add(spot(g.tileAt(r.position()), r.feature()));
            } else if (a instanceof Action.AddFollower f) {
                adds.add(spot(g.tileAt(f.position()), f.feature()));
            } else if (a instanceof Action.ChooseCropCircleOption o) {
                cropOptions.add(o.option());
            }
        }
        List<GameView.Placement> placements = new ArrayList<>();
        bySquare.forEach((p, rotations) -> {
            rotations.sort(null);
            placements.add(new GameView.Placement(p.x(), p.y(), List.copyOf(rotations)));
        });
        DecisionKind kind = g.decisionKind();
        boolean crop = kind == DecisionKind.CROP_CIRCLE_CHOICE || kind == DecisionKind.CROP_CIRCLE_ADD
                || kind == DecisionKind.CROP_CIRCLE_REMOVE;
        CropSymbol symbol = crop && placed != null ? placed.type().cropSymbol() : null;
        int seat = g.decidingSeat();
        return new GameView.DecisionView(kind, seat < 0 ? null : seat, g.activeSeat().index(),
                kind == DecisionKind.PLACE_TILE ? g.drawnTile().id() : null, placements, spots, crownSectors,
                returns, adds, cropOptions, pass, symbol);
    }

    private static GameView.Spot spot(PlacedTile t, int feature) {
        TileFeature f = t.type().feature(feature);
        return new GameView.Spot(t.position().x(), t.position().y(), feature, f.name(), f.kind());
    }
}
