package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;

/**
 * What one road, city, cloister or field that holds followers would score if the game ended now, with nothing else
 * placed: the value final scoring (RULES.md §2.9) would give it, under the game's farm rule; a road, city or cloister
 * that the tile just placed completed (its deployment still open) scores as completed, as the turn would score it
 * first. A client shows it when a player points at a follower ("this road would give you 3 if the game ended now").
 *
 * <p>{@code features} is every square feature of the feature (as in {@link Event.FeatureScored}), {@code tiles} the
 * squares it covers, {@code pennants} (cities) and {@code adjacentCompletedCities} (fields) the counts its value is
 * computed from, {@code followers} the followers of each seat in it and {@code points} what each seat would score:
 * only the seats with the most followers score. With first-edition field scoring, where points are paid per city
 * to the majority of all fields touching it, a field's {@code points} are what each seat would get from the cities
 * this field touches; a city touching two fields is counted in both, so the fields' points do not add up.
 */
public record FeatureValue(FeatureKind kind, List<Event.SquareFeature> features, int tiles, int pennants,
                           int adjacentCompletedCities, List<Integer> followers, List<Integer> points) {
    public FeatureValue {
        features = List.copyOf(features);
        followers = List.copyOf(followers);
        points = List.copyOf(points);
    }
}
