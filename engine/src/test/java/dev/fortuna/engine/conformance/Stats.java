package dev.fortuna.engine.conformance;

import dev.fortuna.engine.DecisionKind;
import java.util.EnumMap;
import java.util.Map;

/** What the harness actually exercised, so that a test can insist that its checks ran. */
final class Stats {
    int games, steps, fastSteps, codeSteps, actionSteps;
    int allLegalSteps, allLegalActions, symmetricPlacements;
    int illegalTried, aliasTried;
    int copyChecks, frozenCopies, viewChecks, gameEndedEvents, oracleChecks, deadOpeningChecks, featureValueChecks;
    int discards;
    /** Wheel of Fortune: sector events and crown scorings whose points were recomputed. */
    int sectorChecks, crownChecks;
    final Map<DecisionKind, Integer> decisions = new EnumMap<>(DecisionKind.class);

    void decision(DecisionKind k) {
        decisions.merge(k, 1, Integer::sum);
    }

    int seen(DecisionKind k) {
        return decisions.getOrDefault(k, 0);
    }

    @Override
    public String toString() {
        return games + " games, " + steps + " steps (fast " + fastSteps + ", code+events " + codeSteps
                + ", apply(Action) " + actionSteps + "), all-legal steps " + allLegalSteps + " (" + allLegalActions
                + " actions, " + symmetricPlacements + " symmetric placements), illegal " + illegalTried
                + " (alias " + aliasTried + "), copies " + copyChecks + " + frozen " + frozenCopies + ", views "
                + viewChecks + ", oracle " + oracleChecks + ", feature values " + featureValueChecks + ", dead openings " + deadOpeningChecks + ", GameEnded " + gameEndedEvents + ", discards " + discards + ", sector events " + sectorChecks
                + ", crown scorings " + crownChecks + ", decisions "
                + decisions;
    }
}
