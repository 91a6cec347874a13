package dev.fortuna.engine;

/** The active player's choice on a crop-circle tile (RULES.md §4.3): everybody may add, or everybody must remove. */
public enum CropCircleOption {
    ADD, REMOVE
}
