package dev.fortuna.protocol;

import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import java.util.Map;

/**
 * Everything one viewer may know of a game at one ply: the board, the followers, scores by kind, supplies, the pig
 * and the crown spaces, the tiles still to come as counts by type, and the current decision with its legal options
 * grouped for a client. Never the order of the pile: it is built from a {@link dev.fortuna.engine.PlayerView},
 * whose pile is sorted, and the pile appears only as counts.
 *
 * @param viewer    the seat this view is for, or null for a spectator
 * @param ply       number of actions applied so far
 * @param setup     the game's options (no seed)
 * @param board     every square, start piece first, in placement order
 * @param pig       the pig's sector (Wheel of Fortune), else null
 * @param crowns    crown spaces per sector (Wheel of Fortune), else empty
 * @param remaining tiles still in the pile, by type id (sorted by id)
 * @param winners   the seats sharing the win once the game is over, else empty
 * @param featureValues what each road, city, cloister and field holding followers would score if the game ended
 *                  now (empty once it is over)
 * @param scoreHistory every seat's score after each ply, from ply 0 (before any action) to {@code ply}, so that a
 *                  viewer who arrives late can draw the whole game's chart; absent when the builder of the view
 *                  did not keep the history
 */
public record GameView(Integer viewer, int ply, GameSetup setup, List<Tile> board, List<Follower> followers,
                       List<SeatState> seats, Sector pig, List<CrownSpaces> crowns, Map<String, Integer> remaining,
                       int pileSize, DecisionView decision, List<Integer> winners, List<FeatureValue> featureValues,
                       List<List<Integer>> scoreHistory) {

    /** A placed square: the tile type id, its rotation in degrees, and whether it is part of the wheel board. */
    public record Tile(int x, int y, String tile, int rotation, boolean boardSquare) {
    }

    /**
     * A follower on the landscape (square, feature index and name, kind) or on a crown space ({@code crownSector}
     * set, the rest absent).
     */
    public record Follower(int seat, Integer x, Integer y, Integer feature, String featureName, FeatureKind kind,
                           Sector crownSector) {
    }

    /** One seat's score, its score by kind ({@link ScoreKind}), and its followers in supply. */
    public record SeatState(int seat, int score, Map<ScoreKind, Integer> scoreByKind, int supply) {
    }

    /** The crown spaces of one sector, each the seat on it or null when empty. */
    public record CrownSpaces(Sector sector, List<Integer> occupants) {
    }

    /**
     * Whose decision it is and the legal options, grouped the way a client offers them. Only the lists that fit
     * {@code kind} are non-empty; {@code pass} says whether passing (or declining) is legal.
     *
     * @param seat       the deciding seat, null when the game is over
     * @param active     the seat whose turn it is
     * @param tile       the drawn tile waiting to be placed (PLACE_TILE), else null
     * @param placements squares where the tile fits, each with its legal rotations
     * @param spots      follower spots on the tile just placed (DEPLOY)
     * @param crownSectors sectors with an empty crown space (DEPLOY, Wheel of Fortune)
     * @param returns    followers the seat may return (PLAGUE_RETURN, CROP_CIRCLE_REMOVE)
     * @param adds       features where the seat may add a follower (CROP_CIRCLE_ADD)
     * @param cropOptions the crop-circle choice (CROP_CIRCLE_CHOICE)
     * @param cropSymbol the symbol of the crop circle being resolved, else null
     */
    public record DecisionView(DecisionKind kind, Integer seat, int active, String tile, List<Placement> placements,
                               List<Spot> spots, List<Sector> crownSectors, List<Spot> returns, List<Spot> adds,
                               List<CropCircleOption> cropOptions, boolean pass, CropSymbol cropSymbol) {
    }

    /** A square where the drawn tile fits, with every legal rotation in degrees (ascending). */
    public record Placement(int x, int y, List<Integer> rotations) {
    }

    /** A feature of a placed tile: its square, index, notation name and kind. */
    public record Spot(int x, int y, int feature, String featureName, FeatureKind kind) {
    }

    /**
     * What one occupied feature would score if the game ended now (the engine's
     * {@link dev.fortuna.engine.FeatureValue}): its square features, the counts its value rests on, the followers
     * of each seat in it and each seat's points (only the majority scores).
     */
    public record FeatureValue(FeatureKind kind, List<EventDto.SquareFeature> features, int tiles, int pennants,
                               int adjacentCompletedCities, List<Integer> followers, List<Integer> points) {
    }
}
