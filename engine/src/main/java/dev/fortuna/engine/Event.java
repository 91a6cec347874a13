package dev.fortuna.engine;

import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import java.util.List;

/**
 * Something that happened, in order. Every change of score is an event that says who got how much and
 * why, so that logs, bots and clients can show exactly what happened. Lists indexed by seat have one
 * entry per player.
 */
public sealed interface Event {
    /** A tile came off the draw pile. {@code remaining} tiles are left in the pile. */
    record TileDrawn(Seat seat, String tile, int remaining) implements Event {
    }

    /** The drawn tile fits nowhere and leaves the game (RULES.md §2.4). */
    record TileDiscarded(Seat seat, String tile) implements Event {
    }

    record TilePlaced(Seat seat, String tile, Position position, Rotation rotation) implements Event {
    }

    /** A follower went from the supply onto feature {@code feature} (named {@code featureName}) of a tile. */
    record FollowerDeployed(Seat seat, Position position, int feature, String featureName, FeatureKind kind)
            implements Event {
    }

    /** The active seat deployed nothing this turn (it could have). */
    record DeploymentPassed(Seat seat) implements Event {
    }

    /** Wheel of Fortune: a follower went from the supply onto a crown space of {@code sector}. */
    record CrownDeployed(Seat seat, Sector sector) implements Event {
    }

    /**
     * A road, city, cloister or field was scored. {@code tiles} are the squares it covers, {@code followers}
     * the followers each seat had in it, {@code points} what each seat scored; {@code atGameEnd} is false for
     * a feature completed during play.
     */
    record FeatureScored(FeatureKind kind, boolean atGameEnd, List<Position> tiles, int pennants,
                         int adjacentCompletedCities, List<Integer> followers, List<Integer> points)
            implements Event {
    }

    /** Why a follower went back to its owner's supply. */
    enum ReturnReason { SCORED, PLAGUE, CROWN_SCORED, CROP_CIRCLE }

    /** A follower went back to the supply; {@code position} is null for a crown space. */
    record FollowerReturned(Seat seat, Position position, String featureName, Sector crownSector,
                            ReturnReason reason) implements Event {
    }

    /** Wheel of Fortune: the pig moved {@code steps} sectors clockwise. */
    record PigMoved(Seat seat, Sector from, Sector to, int steps) implements Event {
    }

    /**
     * Wheel of Fortune: the landed sector's event was resolved; {@code points} per seat and, per seat, a
     * sentence saying why (empty when the seat got nothing).
     */
    record SectorResolved(Sector sector, Seat active, List<Integer> points, List<String> reasons) implements Event {
    }

    /** Wheel of Fortune: the crown spaces of {@code sector} were scored: {@code points} per seat. */
    record CrownsScored(Sector sector, List<Integer> points, List<Integer> followers) implements Event {
    }

    /** Plague or crop circle (add or remove): a seat had no follower of the kind concerned and was skipped. */
    record Skipped(Seat seat, DecisionKind step, String reason) implements Event {
    }

    /** Crop circle: the active player chose add or remove for the symbol. */
    record CropCircleChosen(Seat seat, CropSymbol symbol, CropCircleOption option) implements Event {
    }

    /** Crop circle: nobody had a follower of the symbol's kind, so the step did not happen. */
    record CropCircleSkipped(Seat seat, CropSymbol symbol) implements Event {
    }

    /** Crop circle (add): a follower joined the feature at this tile's feature. */
    record FollowerAdded(Seat seat, Position position, int feature, String featureName, FeatureKind kind)
            implements Event {
    }

    /** Crop circle (add): a seat added nothing ({@code forced} when it had no follower in its supply). */
    record Declined(Seat seat, boolean forced) implements Event {
    }

    /** The game ended; {@code winners} share the highest score. */
    record GameEnded(List<Integer> scores, List<Seat> winners) implements Event {
    }
}
