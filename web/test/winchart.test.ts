import { describe, expect, it } from 'vitest';
import { turnAt, winLines } from '../src/logic/winchart';
import type { AnalysisTurn } from '../src/net/api';

const turns: AnalysisTurn[] = [
  { turn: 0, ply: 0, seat: null, tile: null, winProbability: [0.5, 0.5] },
  { turn: 1, ply: 2, seat: 0, tile: 'E', winProbability: [0.75, 0.25] },
  { turn: 2, ply: 4, seat: 1, tile: 'U', winProbability: [1, 0] },
];

describe('win-probability chart', () => {
  it('draws one line per seat, by ply across and probability up', () => {
    expect(winLines(turns, 2, 4, 100, 40)).toEqual(['0,20 50,10 100,0', '0,20 50,30 100,40']);
  });
  it('finds the row in force at a replay ply', () => {
    expect(turnAt(turns, 0)?.turn).toBe(0);
    expect(turnAt(turns, 1)?.turn).toBe(0);
    expect(turnAt(turns, 3)?.turn).toBe(1);
    expect(turnAt(turns, 9)?.turn).toBe(2);
    expect(turnAt([], 3)).toBeNull();
  });
});
