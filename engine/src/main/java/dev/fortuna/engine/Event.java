package dev.fortuna.engine;

import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import java.util.ArrayList;
import java.util.List;

/**
 * Something that happened, in order. Every change of score is an event that says who got how much and
 * why, so that logs, bots and clients can show exactly what happened. Lists indexed by seat have one
 * entry per player.
 */
public sealed interface Event {
    /** A list indexed by seat, as events carry them, from an array with one entry per seat. */
    static List<Integer> perSeat(int[] values) {
        List<Integer> l = new ArrayList<>(values.length);
        for (int v : values) {
            l.add(v);
        }
        return l;
    }

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
     * A road, city, cloister or field was scored. {@code tiles} are the squares it covers (each once),
     * {@code features} every square feature that is part of it (a square the feature passes twice is listed with
     * both of its features), so that a client can tell which of a tile's features scored; {@code followers} the
     * followers each seat had in it, {@code points} what each seat scored; {@code atGameEnd} is false for a feature
     * completed during play. With first-edition field scoring (per city) the tiles and features are the city's.
     */
    record FeatureScored(FeatureKind kind, boolean atGameEnd, List<Position> tiles, List<SquareFeature> features,
                         int pennants, int adjacentCompletedCities, List<Integer> followers, List<Integer> points)
            implements Event {
    }

    /** Feature {@code feature} (notation index, named {@code name}) of the square at {@code position}. */
    record SquareFeature(Position position, int feature, String name) {
    }

    /** Why a follower went back to its owner's supply. */
    enum ReturnReason { SCORED, PLAGUE, CROWN_SCORED, CROP_CIRCLE }

    /**
     * A follower went back to the supply from feature {@code feature} (named {@code featureName}) of the square at
     * {@code position}, or from a crown space of {@code crownSector} (then position and name are null and feature
     * is -1).
     */
    record FollowerReturned(Seat seat, Position position, int feature, String featureName, Sector crownSector,
                            ReturnReason reason) implements Event {
    }

    /** Wheel of Fortune: the pig moved {@code steps} sectors clockwise. */
    record PigMoved(Seat seat, Sector from, Sector to, int steps) implements Event {
    }

    /**
     * Wheel of Fortune: the landed sector's event was resolved; {@code points} per seat and, per seat, why (empty
     * when the event concerned the seat not at all).
     */
    record SectorResolved(Sector sector, Seat active, List<Integer> points, List<SectorReason> reasons)
            implements Event {
    }

    /** Why one seat got what it got from a wheel event: one term per city (Tax) or field (Famine), else one term. */
    record SectorReason(List<SectorTerm> terms) {
        public static final SectorReason NONE = new SectorReason(List.of());

        public SectorReason {
            terms = List.copyOf(terms);
        }

        public boolean isEmpty() {
            return terms.isEmpty();
        }

        /** The points of all terms. */
        public int points() {
            return terms.stream().mapToInt(SectorTerm::points).sum();
        }

        /** A readable sentence, e.g. {@code 2 knight(s) × (1 pennant(s) + 2 own knight(s)) = 6} (empty for none). */
        public String text() {
            return String.join("; ", terms.stream().map(SectorTerm::text).toList());
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /** One term of a seat's wheel-event points, with the counts it was computed from. */
    sealed interface SectorTerm {
        int points();

        String text();

        /** Fortune: the active seat moved the pig onto it. */
        record Fortune(int points) implements SectorTerm {
            public String text() {
                return "moved the pig onto Fortune: " + points;
            }
        }

        /** Tax, one city: {@code knights} of the seat × (the city's {@code pennants} + those knights). */
        record Tax(int knights, int pennants, int points) implements SectorTerm {
            public String text() {
                return knights + " knight(s) × (" + pennants + " pennant(s) + " + knights + " own knight(s)) = " + points;
            }
        }

        /**
         * Famine, one field next to {@code completedCities} completed cities where the seat has {@code farmers};
         * {@code perField}: the seat scores the cities once whatever its farmers (the per-field reading).
         */
        record Famine(int farmers, int completedCities, boolean perField, int points) implements SectorTerm {
            public String text() {
                return perField ? "a field with " + completedCities + " completed cit(ies) = " + points
                        : farmers + " farmer(s) × " + completedCities + " completed cit(ies) = " + points;
            }
        }

        /** Storm: one point per follower in the seat's supply. */
        record Storm(int followersInSupply, int points) implements SectorTerm {
            public String text() {
                return followersInSupply + " follower(s) in supply";
            }
        }

        /** Inquisition: two points per monk of the seat on the landscape. */
        record Inquisition(int monks, int points) implements SectorTerm {
            public String text() {
                return monks + " monk(s) × 2";
            }
        }

        /** Plague: the seat has followers on the landscape and must return one (no points). */
        record Plague(int followersOnLandscape) implements SectorTerm {
            public int points() {
                return 0;
            }

            public String text() {
                return "must return a follower from the landscape";
            }
        }
    }

    /** Wheel of Fortune: the crown spaces of {@code sector} were scored: {@code points} per seat. */
    record CrownsScored(Sector sector, List<Integer> points, List<Integer> followers) implements Event {
    }

    /**
     * Plague or crop circle (add or remove): a seat had no follower of the kind concerned on the landscape and was
     * skipped. {@code kind} is the kind of feature whose followers the crop circle concerns (knights in cities,
     * thieves on roads, farmers in fields); null for the Plague, which concerns every follower on the landscape.
     */
    record Skipped(Seat seat, DecisionKind step, FeatureKind kind) implements Event {
        /** What the seat lacked, in English (for logs): "no follower on the landscape", "no farmer on the landscape". */
        public String text() {
            return "no " + (kind == null ? "follower" : kind.role) + " on the landscape";
        }
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
