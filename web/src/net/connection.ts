// A game's WebSocket that reconnects by itself: on every drop it waits a little (0.5 s, doubling up to 8 s),
// reconnects with the last version it holds, and the server replays what was missed (or sends a snapshot).
import { ClientMessage, ServerMessage } from '../model';
import { GameSync, SyncListener } from './sync';
import { api, socketUrl } from './api';

export class Connection {
  readonly sync: GameSync;
  private ws: WebSocket | null = null;
  private retry = 500;
  private closed = false;
  private timer: number | undefined;
  private heartbeat: number | undefined;

  constructor(
    private readonly gameId: string,
    private readonly token: string | null,
    listener: SyncListener,
    private readonly online: (up: boolean) => void,
    private readonly cache: Storage | null = null,
  ) {
    this.sync = new GameSync((m) => this.send(m), {
      ...listener,
      view: (v, fresh, action) => {
        this.save();
        listener.view(v, fresh, action);
        // A snapshot (a first connection, or one that missed more than the server keeps): fetch the events
        // that came before it, which no update brought to this page.
        if (!action) this.loadLog(listener);
      },
    });
    const kept = cache?.getItem(this.cacheKey);
    if (kept) {
      try {
        this.sync.restore(JSON.parse(kept));
        // After the constructor returns, so that the page holds this connection when it hears of the view.
        queueMicrotask(() => listener.view(this.sync.view!, [], null));
        this.loadLog(listener);
      } catch {
        cache!.removeItem(this.cacheKey);
      }
    }
    this.open();
  }

  private get cacheKey() {
    return `fortuna.game.${this.gameId}.${this.token ?? 'spectator'}`;
  }

  private save() {
    const s = this.sync.saved();
    if (!s || !this.cache) return;
    try {
      this.cache.setItem(this.cacheKey, JSON.stringify(s));
    } catch {
      // Storage full: the page still works, a reload just starts the log afresh.
    }
  }

  /** Completes the log with the server's (every event so far); a failure leaves the log as it is. */
  private loadLog(listener: SyncListener) {
    api.log(this.gameId, this.token).then(
      (l) => {
        if (this.closed || !this.sync.seed(l)) return;
        this.save();
        listener.logged?.();
      },
      () => {},
    );
  }

  private send(m: ClientMessage) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private open() {
    const ws = new WebSocket(socketUrl(this.gameId, this.token, this.sync.version));
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.online(true);
      // The server already replays from the version in the address; resend unanswered actions only.
      this.sync.opened(false);
      this.heartbeat = window.setInterval(() => this.send({ type: 'ping', nonce: Date.now() }), 15000);
    };
    ws.onmessage = (e) => {
      try {
        this.sync.receive(JSON.parse(e.data) as ServerMessage);
      } catch (err) {
        console.error('bad message', err);
      }
    };
    ws.onclose = () => {
      window.clearInterval(this.heartbeat);
      if (this.closed) return;
      this.online(false);
      this.timer = window.setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(8000, this.retry * 2);
    };
  }

  close() {
    this.closed = true;
    window.clearTimeout(this.timer);
    window.clearInterval(this.heartbeat);
    this.ws?.close();
  }
}
