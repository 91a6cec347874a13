// HTTP calls of the lobby and the game page, and the seat tokens kept in this browser. Every refusal of
// the server is a Rejection (stable code and message), thrown as an ApiError.
import { Action, CreateGame, Created, GameLog, GameSummary, GameView, Rejection } from '../model';
import { Drawings } from '../render/geometry';
import { normalizeView } from './normalize';

export class ApiError extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) {
    throw new ApiError(json && json.code ? json : { code: 'INTERNAL', message: `${res.status} ${res.statusText}`, ply: null });
  }
  return json as T;
}

export const api = {
  create: (req: CreateGame) => call<Created>('POST', '/api/games', req),
  resign: (id: string, token: string) => call<GameSummary>('POST', `/api/games/${encodeURIComponent(id)}/resign`, {}, token),
  reclaim: (id: string, token: string) => call<GameSummary>('POST', `/api/games/${encodeURIComponent(id)}/reclaim`, {}, token),
  list: (status?: 'finished') =>
    call<{ games: GameSummary[] }>('GET', `/api/games${status ? `?status=${status}` : ''}`).then((r) => r.games),
  summary: (id: string) => call<GameSummary>('GET', `/api/games/${encodeURIComponent(id)}`),
  join: (id: string, token: string, name: string | null) =>
    call<GameSummary>('POST', `/api/games/${encodeURIComponent(id)}/join`, name ? { name } : {}, token),
  view: (id: string, token: string | null, ply?: number) =>
    call<GameView>('GET', `/api/games/${encodeURIComponent(id)}/view${ply === undefined ? '' : `?ply=${ply}`}`, undefined, token).then(
      normalizeView,
    ),
  /** Every event of the game so far (the same for every viewer): seeds the log of a late or reloaded page. */
  log: (id: string, token: string | null) => call<GameLog>('GET', `/api/games/${encodeURIComponent(id)}/log`, undefined, token),
  record: (id: string) => call<{ result?: { scores: number[] } }>('GET', `/api/games/${encodeURIComponent(id)}/record`),
  /**
   * The server's bot's suggestion for the seat's current decision (nothing is applied), with the expected final
   * scores after it (by seat) and the seat's expected margin over the best other seat (points).
   */
  hint: (id: string, token: string) =>
    call<Hint>('GET', `/api/games/${encodeURIComponent(id)}/hint`, undefined, token),
  /** Each seat's win probability at the start and after every turn so far (the same for every viewer). */
  analysis: (id: string) => call<GameAnalysis>('GET', `/api/games/${encodeURIComponent(id)}/analysis`),
  drawings: () => call<Drawings>('GET', '/api/geometry'),
};

export interface Hint {
  ply: number;
  action: Action;
  expectedMargin: number;
  expectedScores: number[];
}

/** The position after `turn` (0: the start, `seat` and `tile` null), `ply` actions in. */
export interface AnalysisTurn {
  turn: number;
  ply: number;
  seat: number | null;
  tile: string | null;
  winProbability: number[];
}

export interface GameAnalysis {
  ply: number;
  finished: boolean;
  turns: AnalysisTurn[];
}

export function socketUrl(id: string, token: string | null, version: number): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  if (version >= 0) q.set('version', String(version));
  const qs = q.toString();
  return `${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws${qs ? `?${qs}` : ''}`;
}

/**
 * An invitation link carries the seat and its secret token in the fragment (#seat=S&token=T), which never
 * reaches a server log. The page moves them into localStorage and removes the fragment from the address bar,
 * so that a reload or a network drop reconnects the same seat and a shared screenshot shows no token.
 */
export function takeInvitation(gameId: string, hash: string, store: Storage): { seat: number; token: string } | null {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const token = h.get('token');
  const seat = h.get('seat');
  if (token && seat !== null && /^\d$/.test(seat)) {
    const entry = { seat: Number(seat), token };
    store.setItem(`fortuna.seat.${gameId}`, JSON.stringify(entry));
    return entry;
  }
  const kept = store.getItem(`fortuna.seat.${gameId}`);
  if (!kept) return null;
  try {
    const e = JSON.parse(kept);
    return typeof e.token === 'string' && Number.isInteger(e.seat) ? e : null;
  } catch {
    return null;
  }
}
