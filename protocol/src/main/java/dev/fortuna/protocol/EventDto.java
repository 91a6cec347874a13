package dev.fortuna.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Something that happened, on the wire: one record per engine {@link Event}, named by {@code "type"}. Seats are
 * indices, squares are {@link Square}s, rotations degrees. No event carries anything about the order of the pile:
 * a tile is named only once it is drawn, and the pile only by its size.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = EventDto.TileDrawn.class, name = "tile-drawn"),
        @JsonSubTypes.Type(value = EventDto.TileDiscarded.class, name = "tile-discarded"),
        @JsonSubTypes.Type(value = EventDto.TilePlaced.class, name = "tile-placed"),
        @JsonSubTypes.Type(value = EventDto.FollowerDeployed.class, name = "follower-deployed"),
        @JsonSubTypes.Type(value = EventDto.DeploymentPassed.class, name = "deployment-passed"),
        @JsonSubTypes.Type(value = EventDto.CrownDeployed.class, name = "crown-deployed"),
        @JsonSubTypes.Type(value = EventDto.FeatureScored.class, name = "feature-scored"),
        @JsonSubTypes.Type(value = EventDto.FollowerReturned.class, name = "follower-returned"),
        @JsonSubTypes.Type(value = EventDto.PigMoved.class, name = "pig-moved"),
        @JsonSubTypes.Type(value = EventDto.SectorResolved.class, name = "sector-resolved"),
        @JsonSubTypes.Type(value = EventDto.CrownsScored.class, name = "crowns-scored"),
        @JsonSubTypes.Type(value = EventDto.Skipped.class, name = "skipped"),
        @JsonSubTypes.Type(value = EventDto.CropCircleChosen.class, name = "crop-circle-chosen"),
        @JsonSubTypes.Type(value = EventDto.CropCircleSkipped.class, name = "crop-circle-skipped"),
        @JsonSubTypes.Type(value = EventDto.FollowerAdded.class, name = "follower-added"),
        @JsonSubTypes.Type(value = EventDto.Declined.class, name = "declined"),
        @JsonSubTypes.Type(value = EventDto.GameEnded.class, name = "game-ended")})
public sealed interface EventDto {

    /** A square of the landscape (x eastwards, y southwards). */
    record Square(int x, int y) {
        static Square of(Position p) {
            return p == null ? null : new Square(p.x(), p.y());
        }
    }

    record TileDrawn(int seat, String tile, int remaining) implements EventDto {
    }

    record TileDiscarded(int seat, String tile) implements EventDto {
    }

    record TilePlaced(int seat, String tile, Square square, int rotation) implements EventDto {
    }

    record FollowerDeployed(int seat, Square square, int feature, String featureName, FeatureKind kind)
            implements EventDto {
    }

    record DeploymentPassed(int seat) implements EventDto {
    }

    record CrownDeployed(int seat, Sector sector) implements EventDto {
    }

    /**
     * {@code squares} lists each square once; {@code features} names every (square, feature) the feature covers, so
     * that a client flashes the right city of a tile with two. {@code followers} and {@code points} have one entry
     * per seat.
     */
    record FeatureScored(FeatureKind kind, boolean atGameEnd, List<Square> squares, List<SquareFeature> features,
                         int pennants, int adjacentCompletedCities, List<Integer> followers, List<Integer> points)
            implements EventDto {
    }

    /** Feature {@code feature} (its index in the tile notation, named {@code name}) of the tile on {@code square}. */
    record SquareFeature(Square square, int feature, String name) {
        static SquareFeature of(Event.SquareFeature f) {
            return new SquareFeature(Square.of(f.position()), f.feature(), f.name());
        }
    }

    /**
     * {@code square}, {@code feature} and {@code featureName} are absent for a crown space ({@code crownSector} is
     * then set).
     */
    record FollowerReturned(int seat, Square square, Integer feature, String featureName, Sector crownSector,
                            Event.ReturnReason reason) implements EventDto {
    }

    record PigMoved(int seat, Sector from, Sector to, int steps) implements EventDto {
    }

    /**
     * {@code points}, {@code reasons} and {@code terms} have one entry per seat: the terms its points were computed
     * from (one per city for Tax, per field for Famine; empty when the seat got nothing) and, derived from them, an
     * English sentence for logs. A client builds its own sentence, in its language, from the terms.
     */
    record SectorResolved(Sector sector, int active, List<Integer> points, List<String> reasons,
                          List<List<SectorTerm>> terms) implements EventDto {
    }

    /** One term of a seat's wheel-event points, with the counts it was computed from (named by {@code "term"}). */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "term")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = SectorTerm.Fortune.class, name = "fortune"),
            @JsonSubTypes.Type(value = SectorTerm.Tax.class, name = "tax"),
            @JsonSubTypes.Type(value = SectorTerm.Famine.class, name = "famine"),
            @JsonSubTypes.Type(value = SectorTerm.Storm.class, name = "storm"),
            @JsonSubTypes.Type(value = SectorTerm.Inquisition.class, name = "inquisition"),
            @JsonSubTypes.Type(value = SectorTerm.Plague.class, name = "plague")})
    sealed interface SectorTerm {
        record Fortune(int points) implements SectorTerm {
        }

        record Tax(int knights, int pennants, int points) implements SectorTerm {
        }

        record Famine(int farmers, int completedCities, boolean perField, int points) implements SectorTerm {
        }

        record Storm(int followersInSupply, int points) implements SectorTerm {
        }

        record Inquisition(int monks, int points) implements SectorTerm {
        }

        record Plague(int followersOnLandscape) implements SectorTerm {
        }

        static SectorTerm of(Event.SectorTerm t) {
            if (t instanceof Event.SectorTerm.Fortune x) {
                return new Fortune(x.points());
            } else if (t instanceof Event.SectorTerm.Tax x) {
                return new Tax(x.knights(), x.pennants(), x.points());
            } else if (t instanceof Event.SectorTerm.Famine x) {
                return new Famine(x.farmers(), x.completedCities(), x.perField(), x.points());
            } else if (t instanceof Event.SectorTerm.Storm x) {
                return new Storm(x.followersInSupply(), x.points());
            } else if (t instanceof Event.SectorTerm.Inquisition x) {
                return new Inquisition(x.monks(), x.points());
            } else if (t instanceof Event.SectorTerm.Plague x) {
                return new Plague(x.followersOnLandscape());
            }
            throw new IllegalArgumentException("unknown sector term " + t);
        }
    }

    record CrownsScored(Sector sector, List<Integer> points, List<Integer> followers) implements EventDto {
    }

    /** {@code kind}: the crop circle's feature kind the seat has no follower on; absent for the Plague (any follower). */
    record Skipped(int seat, DecisionKind step, FeatureKind kind) implements EventDto {
    }

    record CropCircleChosen(int seat, CropSymbol symbol, CropCircleOption option) implements EventDto {
    }

    record CropCircleSkipped(int seat, CropSymbol symbol) implements EventDto {
    }

    record FollowerAdded(int seat, Square square, int feature, String featureName, FeatureKind kind)
            implements EventDto {
    }

    record Declined(int seat, boolean forced) implements EventDto {
    }

    record GameEnded(List<Integer> scores, List<Integer> winners) implements EventDto {
    }

    /** The wire form of an engine event (the one place where events are mapped). */
    static EventDto of(Event e) {
        if (e instanceof Event.TileDrawn x) {
            return new TileDrawn(x.seat().index(), x.tile(), x.remaining());
        } else if (e instanceof Event.TileDiscarded x) {
            return new TileDiscarded(x.seat().index(), x.tile());
        } else if (e instanceof Event.TilePlaced x) {
            return new TilePlaced(x.seat().index(), x.tile(), Square.of(x.position()), x.rotation().degrees());
        } else if (e instanceof Event.FollowerDeployed x) {
            return new FollowerDeployed(x.seat().index(), Square.of(x.position()), x.feature(), x.featureName(),
                    x.kind());
        } else if (e instanceof Event.DeploymentPassed x) {
            return new DeploymentPassed(x.seat().index());
        } else if (e instanceof Event.CrownDeployed x) {
            return new CrownDeployed(x.seat().index(), x.sector());
        } else if (e instanceof Event.FeatureScored x) {
            List<Square> squares = new ArrayList<>(x.tiles().size());
            x.tiles().forEach(p -> squares.add(Square.of(p)));
            List<SquareFeature> features = new ArrayList<>(x.features().size());
            x.features().forEach(f -> features.add(SquareFeature.of(f)));
            return new FeatureScored(x.kind(), x.atGameEnd(), squares, features, x.pennants(),
                    x.adjacentCompletedCities(), x.followers(), x.points());
        } else if (e instanceof Event.FollowerReturned x) {
            return new FollowerReturned(x.seat().index(), Square.of(x.position()),
                    x.position() == null ? null : x.feature(), x.featureName(), x.crownSector(), x.reason());
        } else if (e instanceof Event.PigMoved x) {
            return new PigMoved(x.seat().index(), x.from(), x.to(), x.steps());
        } else if (e instanceof Event.SectorResolved x) {
            List<String> reasons = new ArrayList<>(x.reasons().size());
            List<List<SectorTerm>> terms = new ArrayList<>(x.reasons().size());
            for (Event.SectorReason r : x.reasons()) {
                reasons.add(r.text());
                terms.add(r.terms().stream().map(SectorTerm::of).toList());
            }
            return new SectorResolved(x.sector(), x.active().index(), x.points(), reasons, terms);
        } else if (e instanceof Event.CrownsScored x) {
            return new CrownsScored(x.sector(), x.points(), x.followers());
        } else if (e instanceof Event.Skipped x) {
            return new Skipped(x.seat().index(), x.step(), x.kind());
        } else if (e instanceof Event.CropCircleChosen x) {
            return new CropCircleChosen(x.seat().index(), x.symbol(), x.option());
        } else if (e instanceof Event.CropCircleSkipped x) {
            return new CropCircleSkipped(x.seat().index(), x.symbol());
        } else if (e instanceof Event.FollowerAdded x) {
            return new FollowerAdded(x.seat().index(), Square.of(x.position()), x.feature(), x.featureName(), x.kind());
        } else if (e instanceof Event.Declined x) {
            return new Declined(x.seat().index(), x.forced());
        } else if (e instanceof Event.GameEnded x) {
            return new GameEnded(x.scores(), x.winners().stream().map(Seat::index).toList());
        }
        throw new IllegalArgumentException("unknown event " + e);
    }

    static List<EventDto> of(List<Event> events) {
        List<EventDto> out = new ArrayList<>(events.size());
        events.forEach(e -> out.add(of(e)));
        return out;
    }
}
