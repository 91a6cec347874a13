package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import java.util.ArrayList;
import java.util.List;

/** Field scoring at the end of the game, by rules edition (RULES.md §2.9, {@link RuleOptions.FarmRule}). */
final class FieldScoring {
    private FieldScoring() {
    }

    /**
     * 3rd edition (and 2nd with {@code oncePerCity}: a city pays each player once): per field, the majority scores
     * 3 per adjacent completed city.
     */
    static void perField(GameState g, IntList fields, boolean oncePerCity) {
        int n = g.rules.players;
        IntList[] paid = new IntList[n];
        for (int i = 0; i < fields.size(); i++) {
            int root = fields.get(i);
            IntList cities = new IntList(8);
            g.graph.completedCitiesNextTo(g.board, root, cities);
            int[] counts = g.followers.countsIn(root, n, g.graph);
            int best = 0;
            for (int c : counts) {
                best = Math.max(best, c);
            }
            int[] points = new int[n];
            for (int p = 0; p < n; p++) {
                if (counts[p] != best || best == 0) {
                    continue;
                }
                int value = 0;
                for (int c = 0; c < cities.size(); c++) {
                    if (oncePerCity) {
                        if (paid[p] == null) {
                            paid[p] = new IntList(8);
                        }
                        if (paid[p].contains(cities.get(c))) {
                            continue;
                        }
                        paid[p].add(cities.get(c));
                    }
                    value += 3;
                }
                points[p] = value;
                g.scores.add(p, value, ScoreKind.FIELD);
            }
            if (g.events != null) {
                g.events.add(g.scoredEvent(FeatureKind.FIELD, true, root, 0, cities.size(), counts, points));
            }
        }
    }

    /** 1st edition: per completed city, the majority of farmers in all fields touching it scores 4. */
    static void perCity(GameState g, IntList fields) {
        int n = g.rules.players;
        IntList cityOrder = new IntList(16);
        List<int[]> farmersPerCity = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            int root = fields.get(i);
            IntList cities = new IntList(8);
            g.graph.completedCitiesNextTo(g.board, root, cities);
            int[] counts = g.followers.countsIn(root, n, g.graph);
            for (int c = 0; c < cities.size(); c++) {
                int idx = cityOrder.indexOf(cities.get(c));
                if (idx < 0) {
                    cityOrder.add(cities.get(c));
                    farmersPerCity.add(new int[n]);
                    idx = cityOrder.size() - 1;
                }
                for (int p = 0; p < n; p++) {
                    farmersPerCity.get(idx)[p] += counts[p];
                }
            }
        }
        for (int c = 0; c < cityOrder.size(); c++) {
            int[] counts = farmersPerCity.get(c);
            int best = 0;
            for (int v : counts) {
                best = Math.max(best, v);
            }
            int[] points = new int[n];
            for (int p = 0; p < n; p++) {
                if (best > 0 && counts[p] == best) {
                    points[p] = 4;
                    g.scores.add(p, 4, ScoreKind.FIELD);
                }
            }
            if (g.events != null) {
                g.events.add(g.scoredEvent(FeatureKind.FIELD, true, cityOrder.get(c), 0, 1, counts, points));
            }
        }
    }
}
