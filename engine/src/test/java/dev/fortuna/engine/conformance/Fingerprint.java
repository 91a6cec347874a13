package dev.fortuna.engine.conformance;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.Decision;
import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything observable about a state through the public API, as a value: two states with equal fingerprints
 * are indistinguishable to every client except by the order of the undrawn tiles (which is hidden anyway).
 * Used to check that rejected actions and copies change nothing, and that player views agree.
 */
record Fingerprint(Decision decision, String active, List<Action> legal, List<Integer> scores,
                   List<Integer> scoresByKind, List<Integer> supplies, List<PlacedTile> board,
                   List<FollowerPlacement> followers, int pileSize, int tilesPlaced, int tilesDiscarded,
                   String drawnTile, PlacedTile placedTile, List<String> drawnTiles, List<String> remainingTiles,
                   Sector pig, List<List<Seat>> crowns, List<Seat> leaders) {

    static Fingerprint of(GameState s) {
        int n = s.players();
        List<Action> legal = s.legalActions(); // decoded, for readable failure messages
        List<Integer> scores = new ArrayList<>(), byKind = new ArrayList<>(), supplies = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            scores.add(s.score(p));
            supplies.add(s.supply(p));
            for (ScoreKind k : ScoreKind.values()) {
                byKind.add(s.score(p, k));
            }
        }
        List<List<Seat>> crowns = new ArrayList<>();
        if (s.pig() != null) {
            for (Sector sec : Sector.values()) {
                crowns.add(s.crowns(sec));
            }
        }
        return new Fingerprint(s.decision(), s.isOver() ? "-" : s.activeSeat().toString(), legal, scores, byKind,
                supplies, s.board(), s.followers(), s.pileSize(), s.tilesPlaced(), s.tilesDiscarded(),
                s.drawnTile() == null ? null : s.drawnTile().id(), s.placedTile(), s.drawnTiles(),
                s.remainingTiles(), s.pig(), crowns, s.leaders());
    }
}
