package dev.fortuna.engine.tile;

/** The kinds of landscape feature a follower can stand on, and the follower's role there. */
public enum FeatureKind {
    ROAD("road", "thief"), CITY("city", "knight"), FIELD("field", "farmer"), CLOISTER("cloister", "monk");

    public final String label;
    public final String role;

    FeatureKind(String label, String role) {
        this.label = label;
        this.role = role;
    }
}
