package dev.fortuna.engine;

/**
 * Base-game rule variants (RULES.md §2.9, §6 #6). The defaults are the 3rd-edition rules that the 2009
 * Wheel of Fortune rulebook uses.
 *
 * @param farmRule          how fields are scored at the end
 * @param twoTileCityScoresTwo the 1st-edition exception: a completed city of exactly two tiles scores
 *                          1 per tile and 1 per pennant instead of 2 and 2 (off by default: it scores 4)
 */
public record RuleOptions(FarmRule farmRule, boolean twoTileCityScoresTwo) {
    public static final RuleOptions DEFAULT = new RuleOptions(FarmRule.THIRD_EDITION, false);

    public RuleOptions {
        if (farmRule == null) {
            throw new IllegalArgumentException("farmRule is required");
        }
    }

    /** The three historical field scorings (RULES.md §2.9). */
    public enum FarmRule {
        /** Per field, the majority scores 3 per adjacent completed city; a city counts for every field. Default. */
        THIRD_EDITION,
        /** Per field as above, but each city pays each player at most once. */
        SECOND_EDITION,
        /** Per completed city: the majority of farmers in all fields touching it scores 4. */
        FIRST_EDITION
    }
}
