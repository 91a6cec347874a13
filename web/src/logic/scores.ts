// Score bookkeeping from the event stream: the end-of-game breakdown per seat and kind, and the score of
// every seat after every scoring event (the chart). Both are sums of the events' points, so they agree
// with the engine's scores by construction; the e2e test checks them against the server's record.
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

/**
 * The scores over the game: one point per placed tile (x = tiles placed so far, counting from 0) holding
 * every seat's score after that turn's events. The first entry is all zeros.
 */
export function scoreSeries(players: number, events: readonly GameEvent[]): number[][] {
  const running = new Array<number>(players).fill(0);
  const series: number[][] = [running.slice()];
  for (const e of events) {
    if (e.type === 'tile-placed') series.push(running.slice());
    const p = eventPoints(e);
    if (p) {
      p.points.forEach((pts, seat) => {
        if (seat < players) running[seat] += pts;
      });
      series[series.length - 1] = running.slice();
    }
  }
  return series;
}
