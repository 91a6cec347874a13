import { describe, expect, it } from 'vitest';
import { applyUpdate } from '../src/logic/apply';
import { normalizeMessage } from '../src/net/normalize';
import { DecisionView, FeatureValue, GameView, ScoreKind } from '../src/model';

const zero = (): Record<ScoreKind, number> => ({ ROAD: 0, CITY: 0, CLOISTER: 0, FIELD: 0, WHEEL_EVENT: 0, CROWN: 0 });

function view(): GameView {
  return {
    viewer: 0,
    ply: 4,
    setup: { expansions: ['wheel-of-fortune'] },
    board: [{ x: 0, y: 0, tile: 'W00', rotation: 0, boardSquare: true }],
    followers: [
      { seat: 1, x: 4, y: 1, feature: 2, featureName: 'F1', kind: 'FIELD', crownSector: null },
      { seat: 0, x: null, y: null, feature: null, featureName: null, kind: null, crownSector: 'STORM' },
    ],
    seats: [
      { seat: 0, score: 3, scoreByKind: { ...zero(), WHEEL_EVENT: 3 }, supply: 6 },
      { seat: 1, score: 0, scoreByKind: zero(), supply: 6 },
    ],
    pig: 'FORTUNE',
    crowns: [{ sector: 'STORM', occupants: [0, null] }, { sector: 'TAX', occupants: [null, null] }],
    remaining: { D: 2, E: 1 },
    pileSize: 3,
    decision: next('PLACE_TILE', 0),
    winners: [],
    featureValues: [],
    scoreHistory: [[0, 0], [0, 0], [3, 0], [3, 0], [3, 0]],
  };
}

/** Seat 1's farmer on a field next to one completed city: 3 points if the game ended now. */
const farm: FeatureValue = {
  kind: 'FIELD', features: [{ square: { x: 4, y: 1 }, feature: 2, name: 'F1' }], tiles: 1, pennants: 0,
  adjacentCompletedCities: 1, followers: [0, 1], points: [0, 3],
};

function next(kind: DecisionView['kind'], seat: number | null): DecisionView {
  return { kind, seat, active: seat ?? 0, tile: null, placements: [], spots: [], crownSectors: [], returns: [], adds: [], cropOptions: [], pass: false, cropSymbol: null };
}

describe('applying updates to a view', () => {
  it('places, deploys, scores, moves the pig and returns followers as the events say', () => {
    const before = view();
    const after = applyUpdate(before, {
      type: 'update',
      version: 5,
      action: { seat: 0, ply: 4, action: { type: 'place', x: 4, y: 0, rotation: 90 } },
      decision: next('PLAGUE_RETURN', 1),
      featureValues: [farm],
      events: [
        { type: 'tile-drawn', seat: 0, tile: 'E', remaining: 2 },
        { type: 'pig-moved', seat: 0, from: 'FORTUNE', to: 'STORM', steps: 3 },
        { type: 'sector-resolved', sector: 'STORM', active: 0, points: [5, 6], reasons: ['', ''], terms: [[{ term: 'storm', followersInSupply: 5, points: 5 }], [{ term: 'storm', followersInSupply: 6, points: 6 }]] },
        { type: 'crowns-scored', sector: 'STORM', points: [6, 0], followers: [1, 0] },
        { type: 'follower-returned', seat: 0, square: null, featureName: null, crownSector: 'STORM', reason: 'CROWN_SCORED' },
        { type: 'tile-placed', seat: 0, tile: 'E', square: { x: 4, y: 0 }, rotation: 90 },
        { type: 'follower-deployed', seat: 0, square: { x: 4, y: 0 }, feature: 0, featureName: 'C1', kind: 'CITY' },
        { type: 'crown-deployed', seat: 1, sector: 'TAX' },
        { type: 'feature-scored', kind: 'CITY', atGameEnd: false, squares: [{ x: 4, y: 0 }, { x: 3, y: 0 }], features: [{ square: { x: 4, y: 0 }, feature: 0, name: 'C1' }, { square: { x: 3, y: 0 }, feature: 0, name: 'C1' }], pennants: 0, adjacentCompletedCities: 0, followers: [1, 0], points: [4, 0] },
        { type: 'follower-returned', seat: 0, square: { x: 4, y: 0 }, featureName: 'C1', crownSector: null, reason: 'SCORED' },
        { type: 'follower-returned', seat: 1, square: { x: 4, y: 1 }, featureName: 'F1', crownSector: null, reason: 'PLAGUE' },
      ],
    });
    expect(after.ply).toBe(5);
    expect(after.decision.kind).toBe('PLAGUE_RETURN');
    expect(after.remaining).toEqual({ D: 2 });
    expect(after.pileSize).toBe(2);
    expect(after.pig).toBe('STORM');
    expect(after.board.at(-1)).toEqual({ x: 4, y: 0, tile: 'E', rotation: 90, boardSquare: false });
    expect(after.seats.map((s) => s.score)).toEqual([3 + 5 + 6 + 4, 6]);
    expect(after.seats[0].scoreByKind).toEqual({ ...zero(), WHEEL_EVENT: 8, CROWN: 6, CITY: 4 });
    expect(after.seats.map((s) => s.supply)).toEqual([7, 6]);
    expect(after.followers).toEqual([
      { seat: 1, x: null, y: null, feature: null, featureName: null, kind: null, crownSector: 'TAX' },
    ]);
    expect(after.crowns).toEqual([{ sector: 'STORM', occupants: [null, null] }, { sector: 'TAX', occupants: [1, null] }]);
    expect(after.featureValues).toEqual([farm]);
    expect(after.scoreHistory).toEqual([[0, 0], [0, 0], [3, 0], [3, 0], [3, 0], [18, 6]]);
    // The view it started from is unchanged (the replay keeps every step).
    expect(before).toEqual(view());
  });
  it('records the winners when the game ends', () => {
    const after = applyUpdate(view(), {
      type: 'update', version: 5, action: { seat: 0, ply: 4, action: { type: 'pass' } }, decision: next('GAME_OVER', null),
      events: [{ type: 'game-ended', scores: [3, 0], winners: [0] }], featureValues: [],
    });
    expect(after.winners).toEqual([0]);
    expect(after.decision.seat).toBeNull();
    expect(after.featureValues).toEqual([]);
  });
  it('keeps the feature values when a catch-up’s update leaves them out', () => {
    const u = {
      type: 'update' as const, version: 5, action: { seat: 0, ply: 4, action: { type: 'pass' as const } },
      decision: next('PLACE_TILE', 1), events: [],
    };
    const withValues = applyUpdate(view(), { ...u, featureValues: [farm] });
    expect(withValues.featureValues).toEqual([farm]);
    expect(applyUpdate(withValues, { ...u, version: 6, action: { ...u.action, ply: 5 } }).featureValues).toEqual([farm]);
    expect(applyUpdate(withValues, { ...u, version: 6, featureValues: [] }).featureValues).toEqual([]);
    // As read from the wire: absent stays absent, and an empty list stays empty.
    const read = normalizeMessage({ ...u, decision: { kind: 'PLACE_TILE', seat: 1 } } as never);
    expect(read.type === 'update' && read.featureValues).toBeUndefined();
    const empty = normalizeMessage({ ...u, featureValues: [] });
    expect(empty.type === 'update' && empty.featureValues).toEqual([]);
  });
  it('extends only a score history that ends at the view’s ply', () => {
    const u = {
      type: 'update' as const, version: 5, action: { seat: 0, ply: 4, action: { type: 'pass' as const } },
      decision: next('PLACE_TILE', 1), events: [], featureValues: [],
    };
    expect(applyUpdate({ ...view(), scoreHistory: null }, u).scoreHistory).toBeNull();
    expect(applyUpdate({ ...view(), scoreHistory: [[0, 0], [3, 0]] }, u).scoreHistory).toBeNull();
    expect(applyUpdate(view(), u).scoreHistory).toEqual([[0, 0], [0, 0], [3, 0], [3, 0], [3, 0], [3, 0]]);
  });
});
