// The replay view's win-probability chart: each seat's line through the server's analysis (the start and the
// position after every turn), x by ply so that the chart lines up with the replay's slider.
import type { AnalysisTurn } from '../net/api';

/** The polyline points ("x,y x,y …") of each seat in a width × height box: x from ply 0 to maxPly, y 100% at the top. */
export function winLines(turns: AnalysisTurn[], players: number, maxPly: number, width: number, height: number): string[] {
  const span = Math.max(1, maxPly);
  const lines: string[] = [];
  for (let s = 0; s < players; s++) {
    lines.push(
      turns
        .map((t) => `${round((t.ply / span) * width)},${round((1 - (t.winProbability[s] ?? 0)) * height)}`)
        .join(' '),
    );
  }
  return lines;
}

/** The row in force at `ply`: the last turn whose position was reached at or before it (null before any). */
export function turnAt(turns: AnalysisTurn[], ply: number): AnalysisTurn | null {
  let found: AnalysisTurn | null = null;
  for (const t of turns) {
    if (t.ply <= ply) found = t;
    else break;
  }
  return found;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
