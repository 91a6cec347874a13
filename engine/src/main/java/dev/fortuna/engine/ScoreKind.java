package dev.fortuna.engine;

/** Where points came from, for score breakdowns. */
public enum ScoreKind {
    ROAD, CITY, CLOISTER, FIELD, WHEEL_EVENT, CROWN
}
