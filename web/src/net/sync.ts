// The client's side of a game's WebSocket, without the socket: it turns server messages into the current
// view and the event log, asks for a resync when a version is missing, and keeps the actions it sent until
// they are answered so that they can be sent again, unchanged, after a reconnect (the server applies one
// clientActionId at most once, so a resend is safe).
import { applyUpdate } from '../logic/apply';
import { normalizeEvent, normalizeMessage } from './normalize';
import { ClockState } from '../logic/clock';
import { Action, ClientMessage, GameEvent, GameLog, GameView, Presence, Rejection, SeatAction, ServerMessage } from '../model';

export interface LoggedEvent {
  /** The version the event's update produced (its ply + 1). */
  version: number;
  event: GameEvent;
}

export interface SyncListener {
  /** The view changed (snapshot or update); `fresh` lists the events that just arrived (empty for a snapshot). */
  view(v: GameView, fresh: GameEvent[], action: SeatAction | null): void;
  rejected(r: Rejection, action: Action | null): void;
  presence(p: Presence): void;
  clock(c: ClockState): void;
  /** The log gained events that arrived by another way than an update (the server's whole log). */
  logged?(): void;
}

export class GameSync {
  view: GameView | null = null;
  version = -1;
  /**
   * Every event of the game, oldest first: the updates seen, completed with the server's log ({@link seed}) for
   * what happened before this page connected or while it missed updates.
   */
  readonly log: LoggedEvent[] = [];
  /** The versions whose events are in the log (each once). */
  private readonly logged = new Set<number>();
  private readonly pending = new Map<string, ClientMessage & { type: 'act' }>();
  private counter = 0;

  constructor(
    private readonly send: (m: ClientMessage) => void,
    private readonly listener: SyncListener,
    private readonly newId: () => string = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  ) {}

  /**
   * Called when a socket (re)opens: resend what was not answered, after asking for what was missed unless the
   * connection's address already carried the last version.
   */
  opened(askResync = true): void {
    if (askResync && this.version >= 0) this.send({ type: 'resync', lastVersion: this.version });
    for (const m of this.pending.values()) this.send(m);
  }

  /** Sends an action chosen on the current view; returns its clientActionId. */
  act(action: Action): string | null {
    if (!this.view) return null;
    const id = `${this.newId()}-${++this.counter}`;
    const m: ClientMessage = { type: 'act', action, ply: this.view.ply, clientActionId: id };
    this.pending.set(id, m);
    this.send(m);
    return id;
  }

  /**
   * What a reloaded page needs to carry on where it was: the view, its version and the log. Kept in the
   * tab's sessionStorage, so that the log and the score chart survive a reload; the server then sends only the
   * updates after this version (or a snapshot, when they are no longer kept: the log then has a gap).
   */
  saved(): { view: GameView; version: number; log: LoggedEvent[] } | null {
    return this.view ? { view: this.view, version: this.version, log: this.log } : null;
  }

  restore(s: { view: GameView; version: number; log: LoggedEvent[] }): void {
    this.view = s.view;
    this.version = s.version;
    this.log.splice(0, this.log.length, ...s.log);
    this.logged.clear();
    for (const l of s.log) this.logged.add(l.version);
  }

  /**
   * Adds the versions of the server's log that this log lacks (the earlier ones, a gap after a snapshot, or
   * ones whose update has not arrived yet: it is not logged again when it does); true when anything was added.
   */
  seed(server: GameLog): boolean {
    const added: LoggedEvent[] = [];
    for (const entry of server.entries) {
      if (this.logged.has(entry.version)) continue;
      this.logged.add(entry.version);
      for (const event of entry.events) added.push({ version: entry.version, event: normalizeEvent(event) });
    }
    if (!added.length) return false;
    // Array.prototype.sort is stable: the events of one version keep their order.
    const merged = [...this.log, ...added].sort((a, b) => a.version - b.version);
    this.log.splice(0, this.log.length, ...merged);
    return true;
  }

  get waiting(): boolean {
    return this.pending.size > 0;
  }

  receive(raw: ServerMessage): void {
    const m = normalizeMessage(raw);
    switch (m.type) {
      case 'snapshot':
        this.view = m.view;
        this.version = m.version;
        this.listener.view(m.view, [], null);
        return;
      case 'update':
        if (!this.view || m.version <= this.version) return; // already seen (a resync may repeat it)
        if (m.version > this.version + 1) {
          this.send({ type: 'resync', lastVersion: this.version });
          return;
        }
        this.view = applyUpdate(this.view, m);
        this.version = m.version;
        if (!this.logged.has(m.version)) {
          this.logged.add(m.version);
          for (const event of m.events) this.log.push({ version: m.version, event });
        }
        this.listener.view(this.view, m.events, m.action);
        return;
      case 'ack':
        this.pending.delete(m.clientActionId);
        return;
      case 'rejected': {
        const sent = this.pending.get(m.clientActionId);
        this.pending.delete(m.clientActionId);
        this.listener.rejected(m.rejection, sent ? sent.action : null);
        // A stale ply means the view is behind: fetch what is missing.
        if (m.rejection.code === 'STALE_PLY') this.send({ type: 'resync', lastVersion: this.version });
        return;
      }
      case 'presence':
        this.listener.presence(m);
        return;
      case 'error':
        this.listener.rejected(m.rejection, null);
        return;
      case 'clock':
        this.listener.clock({
          remainingMillis: m.remainingMillis,
          deciding: m.deciding ?? null,
          outOfTime: m.outOfTime,
          receivedAt: Date.now(),
        });
        return;
      case 'pong':
        return;
    }
  }
}
