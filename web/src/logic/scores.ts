// Score bookkeeping from the event stream: the breakdown per seat and kind, the sum of the events' points, so
// that it agrees with the engine's scores by construction (the score chart comes from the view's history).
import { GameEvent, ScoreKind, SCORE_KINDS } from '../model';

export type Breakdown = Record<ScoreKind, number>[];

export function emptyBreakdown(players: number): Breakdown {
  return Array.from({ length: players }, () => Object.fromEntries(SCORE_KINDS.map((k) => [k, 0])) as Record<ScoreKind, number>);
}

/** The points an event gives each seat, by kind; null for events that score nothing. */
export function eventPoints(e: GameEvent): { kind: ScoreKind; points: number[] } | null {
  switch (e.type) {
    case 'feature-scored':
      return { kind: e.kind, points: e.points };
    case 'sector-resolved':
      return { kind: 'WHEEL_EVENT', points: e.points };
    case 'crowns-scored':
      return { kind: 'CROWN', points: e.points };
    default:
      return null;
  }
}

export function breakdown(players: number, events: readonly GameEvent[]): Breakdown {
  const out = emptyBreakdown(players);
  for (const e of events) {
    const p = eventPoints(e);
    if (!p) continue;
    p.points.forEach((pts, seat) => {
      if (seat < players) out[seat][p.kind] += pts;
    });
  }
  return out;
}

export const total = (row: Record<ScoreKind, number>): number => SCORE_KINDS.reduce((s, k) => s + row[k], 0);
