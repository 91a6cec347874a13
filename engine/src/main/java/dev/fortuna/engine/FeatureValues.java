package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of the occupied features if the game ended now ({@link GameState#featureValues()}). They are found by
 * running the real scoring on a copy and reading its events, so that the preview cannot drift from what the end of
 * the game pays (majorities, board squares around cloisters, the farm rules, a city paid once per player under the
 * 2nd edition in the order final scoring meets the fields).
 *
 * <p>While the tile just placed waits for its deployment, a road, city or cloister it completed has not been scored
 * yet; the turn would score it before the game could end, so it is valued as completed (2 a city tile, 9 a
 * cloister), as if the player deployed nothing.
 */
final class FeatureValues {
    private FeatureValues() {
    }

    static List<FeatureValue> of(GameState g) {
        if (g.isOver()) {
            return List.of(); // everything has been scored
        }
        GameState c = g.copy();
        List<Event> events = new ArrayList<>();
        c.events = events;
        if (c.phase == DecisionKind.DEPLOY && c.placedInst >= 0) {
            FeatureScoring.scoreCompletedBy(c, c.placedInst);
        }
        FeatureScoring.finalScoring(c);
        boolean perCity = g.rules.config.rules().farmRule() == RuleOptions.FarmRule.FIRST_EDITION;
        List<FeatureValue> out = new ArrayList<>();
        // First edition: the copy's field events are per city; their points are spread over the fields below.
        Map<Integer, List<Integer>> cityPoints = new HashMap<>();
        for (Event e : events) {
            if (!(e instanceof Event.FeatureScored f)) {
                continue; // followers going home from a completed feature
            }
            if (perCity && f.kind() == FeatureKind.FIELD) {
                Event.SquareFeature first = f.features().get(0);
                cityPoints.put(g.featureRoot(first.position(), first.feature()), f.points());
            } else {
                out.add(new FeatureValue(f.kind(), f.features(), f.tiles().size(), f.pennants(),
                        f.adjacentCompletedCities(), f.followers(), f.points()));
            }
        }
        if (perCity) {
            IntList fields = g.followers.occupiedRoots(FeatureKind.FIELD.ordinal(), g.graph);
            int players = g.rules.players;
            for (int i = 0; i < fields.size(); i++) {
                int root = fields.get(i);
                IntList cities = new IntList(8);
                g.graph.completedCitiesNextTo(g.board, root, cities);
                int[] points = new int[players];
                for (int k = 0; k < cities.size(); k++) {
                    List<Integer> paid = cityPoints.get(g.graph.find(cities.get(k)));
                    for (int p = 0; p < players; p++) {
                        points[p] += paid.get(p);
                    }
                }
                Event.FeatureScored shape = g.scoredEvent(FeatureKind.FIELD, true, root, 0, cities.size(),
                        g.followers.countsIn(root, players, g.graph), points);
                out.add(new FeatureValue(FeatureKind.FIELD, shape.features(), shape.tiles().size(), 0,
                        cities.size(), shape.followers(), shape.points()));
            }
        }
        return out;
    }
}
