/**
 * The Wheel of Fortune (RULES.md §3, §5): the pig, the sector events, crown spaces and the Plague's returns. Its
 * state (pig, Plague progress) is an {@link dev.fortuna.engine.ExpansionState} slot; the crown spaces are follower
 * spots of the core's {@link dev.fortuna.engine.Followers}. Imports only the core.
 */
package dev.fortuna.engine.wheel;
