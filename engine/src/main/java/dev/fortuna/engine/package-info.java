/**
 * The core of the rules library: {@link dev.fortuna.engine.GameState} (public API, legal-action cache and the one
 * turn pipeline: draw → after-draw hooks → place or discard → deploy → score → after-scoring hooks → end turn),
 * its parts ({@link dev.fortuna.engine.Board}, {@link dev.fortuna.engine.FeatureGraph},
 * {@link dev.fortuna.engine.Followers}, {@code Scores}, {@code DrawPile}), scoring ({@code FeatureScoring},
 * {@code FieldScoring} by rules edition), actions, events, rejections ({@link dev.fortuna.engine.RejectionCode})
 * and configuration.
 *
 * <p>Expansions plug in through {@link dev.fortuna.engine.Expansion}: each lives in a package of its own
 * ({@code dev.fortuna.engine.wheel}, {@code dev.fortuna.engine.cropcircles}), keeps its state in an
 * {@link dev.fortuna.engine.ExpansionState} slot copied with the game, and sees the game through an
 * {@link dev.fortuna.engine.ExpansionContext}. Imports run one way: expansion packages import the core; nothing in
 * the core imports an expansion's package but the registry ({@code Expansions}) that lists them.
 */
package dev.fortuna.engine;
