/**
 * Crop Circles I and II (RULES.md §4): the add-or-remove step after a crop-circle tile is scored. Its state (the
 * step in progress) is an {@link dev.fortuna.engine.ExpansionState} slot. Imports only the core.
 */
package dev.fortuna.engine.cropcircles;
