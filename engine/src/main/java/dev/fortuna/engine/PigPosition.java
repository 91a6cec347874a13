package dev.fortuna.engine;

/**
 * An expansion state that has the Wheel of Fortune's pig on a sector: what {@link GameState#pig()} reads, so that
 * the core answers the public query without knowing the expansion's package.
 */
public interface PigPosition extends ExpansionState {
    Sector pig();
}
