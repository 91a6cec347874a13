package dev.fortuna.engine;

/**
 * What an expansion keeps of one game (the pig, a crop-circle step in progress, …): a slot of the
 * {@link GameState}, copied with it. Copies must be independent: applying actions to one never affects another.
 */
public interface ExpansionState {
    ExpansionState copy();
}
