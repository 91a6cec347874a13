import { describe as group, expect, it } from 'vitest';
import { DecisionView, GameEvent } from '../src/model';
import { clickSquare, pickableSpots, placeAction, placements, rotate, spotAction, suggestion } from '../src/logic/turn';
import { fit, pan, squaresBounds, toWorld, zoomAt, MAX_SCALE } from '../src/logic/viewport';
import { breakdown, scoreSeries, total } from '../src/logic/scores';
import { lastPlaced, placedSinceMyTurn } from '../src/logic/history';
import { describe, pointsList } from '../src/logic/log';

function decision(over: Partial<DecisionView>): DecisionView {
  return {
    kind: 'PLACE_TILE', seat: 0, active: 0, tile: 'D', placements: [], spots: [], crownSectors: [], returns: [], adds: [],
    cropOptions: [], pass: false, cropSymbol: null, ...over,
  };
}

const placeDecision = decision({
  placements: [
    { x: 1, y: 0, rotations: [90, 270] },
    { x: 0, y: -1, rotations: [0, 180] },
    { x: -1, y: 0, rotations: [180] },
  ],
});

group('placing the drawn tile', () => {
  const p = placements(placeDecision);
  it('indexes the legal squares', () => {
    expect([...p.keys()]).toEqual(['1,0', '0,-1', '-1,0']);
    expect(placements(null).size).toBe(0);
  });
  it('a click on a legal square lays the tile at its first legal rotation', () => {
    expect(clickSquare(p, null, { x: 1, y: 0 })).toEqual({ x: 1, y: 0, rotation: 90 });
  });
  it('a click on an illegal square changes nothing', () => {
    const t = { x: 1, y: 0, rotation: 90 as const };
    expect(clickSquare(p, t, { x: 5, y: 5 })).toBe(t);
    expect(clickSquare(p, null, { x: 0, y: 0 })).toBeNull();
  });
  it('a second click on the same square cycles the legal rotations only', () => {
    let t = clickSquare(p, null, { x: 1, y: 0 });
    t = clickSquare(p, t, { x: 1, y: 0 });
    expect(t).toEqual({ x: 1, y: 0, rotation: 270 });
    t = clickSquare(p, t, { x: 1, y: 0 });
    expect(t).toEqual({ x: 1, y: 0, rotation: 90 });
  });
  it('moving to another square keeps the rotation when it is legal there', () => {
    expect(clickSquare(p, { x: 0, y: -1, rotation: 180 }, { x: -1, y: 0 })).toEqual({ x: -1, y: 0, rotation: 180 });
    expect(clickSquare(p, { x: 0, y: -1, rotation: 0 }, { x: -1, y: 0 })).toEqual({ x: -1, y: 0, rotation: 180 });
  });
  it('rotating backwards wraps, a single legal rotation stays', () => {
    expect(rotate(p, { x: 1, y: 0, rotation: 90 }, -1)).toEqual({ x: 1, y: 0, rotation: 270 });
    expect(rotate(p, { x: -1, y: 0, rotation: 180 }, 1)).toEqual({ x: -1, y: 0, rotation: 180 });
    expect(rotate(p, null, 1)).toBeNull();
  });
  it('confirming sends the place action', () => {
    expect(placeAction({ x: 1, y: 0, rotation: 270 })).toEqual({ type: 'place', x: 1, y: 0, rotation: 270 });
  });
});

group('picking a follower spot', () => {
  const spot = { x: 2, y: 1, feature: 3, featureName: 'F2', kind: 'FIELD' as const };
  it('deploys on the placed tile', () => {
    const d = decision({ kind: 'DEPLOY', spots: [spot], pass: true });
    expect(pickableSpots(d)).toEqual([spot]);
    expect(spotAction(d, spot)).toEqual({ type: 'deploy', feature: 3 });
  });
  it('returns a follower in the Plague and the crop-circle removal', () => {
    for (const kind of ['PLAGUE_RETURN', 'CROP_CIRCLE_REMOVE'] as const) {
      const d = decision({ kind, returns: [spot] });
      expect(pickableSpots(d)).toEqual([spot]);
      expect(spotAction(d, spot)).toEqual({ type: 'return', x: 2, y: 1, feature: 3 });
    }
  });
  it('adds beside a follower in the crop-circle addition', () => {
    const d = decision({ kind: 'CROP_CIRCLE_ADD', adds: [spot], pass: true });
    expect(pickableSpots(d)).toEqual([spot]);
    expect(spotAction(d, spot)).toEqual({ type: 'add', x: 2, y: 1, feature: 3 });
  });
  it('offers no spot while placing', () => {
    expect(pickableSpots(placeDecision)).toEqual([]);
  });
});

group('showing a hint', () => {
  const spot = { x: 2, y: 1, feature: 3, featureName: 'F2', kind: 'FIELD' as const };
  it('lays a suggested tile tentatively, only where it is legal', () => {
    expect(suggestion(placeDecision, { type: 'place', x: 1, y: 0, rotation: 270 })).toEqual({
      kind: 'tile',
      tentative: { x: 1, y: 0, rotation: 270 },
    });
    expect(suggestion(placeDecision, { type: 'place', x: 1, y: 0, rotation: 0 })).toBeNull();
  });
  it('picks a suggested spot, crown space or button', () => {
    const d = decision({ kind: 'DEPLOY', spots: [spot], crownSectors: ['TAX'], pass: true });
    expect(suggestion(d, { type: 'deploy', feature: 3 })).toEqual({ kind: 'spot', spot, action: { type: 'deploy', feature: 3 } });
    expect(suggestion(d, { type: 'crown', sector: 'TAX' })).toEqual({ kind: 'crown', sector: 'TAX', action: { type: 'crown', sector: 'TAX' } });
    expect(suggestion(d, { type: 'crown', sector: 'FORTUNE' })).toBeNull();
    expect(suggestion(d, { type: 'pass' })).toEqual({ kind: 'button', action: { type: 'pass' } });
    const r = decision({ kind: 'PLAGUE_RETURN', returns: [spot] });
    expect(suggestion(r, { type: 'return', x: 2, y: 1, feature: 3 })?.kind).toBe('spot');
    expect(suggestion(r, { type: 'return', x: 0, y: 1, feature: 3 })).toBeNull();
    expect(suggestion(r, { type: 'deploy', feature: 3 })).toBeNull();
    const c = decision({ kind: 'CROP_CIRCLE_CHOICE', cropOptions: ['ADD', 'REMOVE'] });
    expect(suggestion(c, { type: 'crop-choice', option: 'REMOVE' })).toEqual({ kind: 'button', action: { type: 'crop-choice', option: 'REMOVE' } });
  });
});

group('viewport', () => {
  it('fits a board into the screen, centred', () => {
    const v = fit({ minX: 0, minY: 0, maxX: 4, maxY: 2 }, 448, 448, 24);
    expect(v).toEqual({ scale: 100, tx: 24, ty: 124 });
  });
  it('zooms about the pointer', () => {
    const v = { scale: 50, tx: 10, ty: 20 };
    const before = toWorld(v, 200, 100);
    const z = zoomAt(v, 200, 100, 2);
    expect(z.scale).toBe(100);
    expect(toWorld(z, 200, 100)).toEqual(before);
    expect(zoomAt(v, 0, 0, 1000).scale).toBe(MAX_SCALE);
  });
  it('pans by the drag distance', () => {
    expect(pan({ scale: 3, tx: 1, ty: 2 }, 10, -5)).toEqual({ scale: 3, tx: 11, ty: -3 });
  });
  it('bounds squares with padding', () => {
    expect(squaresBounds([{ x: -2, y: 1 }, { x: 3, y: -1 }], 1)).toEqual({ minX: -3, minY: -2, maxX: 5, maxY: 3 });
  });
});

const events: GameEvent[] = [
  { type: 'tile-placed', seat: 0, tile: 'D', square: { x: 1, y: 0 }, rotation: 0 },
  { type: 'feature-scored', kind: 'CITY', atGameEnd: false, squares: [{ x: 0, y: 0 }, { x: 1, y: 0 }], pennants: 0, adjacentCompletedCities: 0, followers: [1, 0], points: [4, 0] },
  { type: 'tile-placed', seat: 1, tile: 'E', square: { x: 2, y: 0 }, rotation: 90 },
  { type: 'pig-moved', seat: 1, from: 'FORTUNE', to: 'STORM', steps: 3 },
  { type: 'sector-resolved', sector: 'STORM', active: 1, points: [6, 7], reasons: ['', ''] },
  { type: 'crowns-scored', sector: 'STORM', points: [0, 6], followers: [0, 1] },
  { type: 'tile-placed', seat: 0, tile: 'V', square: { x: 0, y: 1 }, rotation: 180 },
  { type: 'tile-placed', seat: 1, tile: 'U', square: { x: 0, y: 2 }, rotation: 0 },
  { type: 'feature-scored', kind: 'FIELD', atGameEnd: true, squares: [{ x: 0, y: 1 }], pennants: 0, adjacentCompletedCities: 1, followers: [0, 1], points: [0, 3] },
];

group('scores from events', () => {
  it('breaks the points down per seat and kind', () => {
    const b = breakdown(2, events);
    expect(b[0]).toEqual({ ROAD: 0, CITY: 4, CLOISTER: 0, FIELD: 0, WHEEL_EVENT: 6, CROWN: 0 });
    expect(b[1]).toEqual({ ROAD: 0, CITY: 0, CLOISTER: 0, FIELD: 3, WHEEL_EVENT: 7, CROWN: 6 });
    expect(b.map(total)).toEqual([10, 16]);
  });
  it('gives the scores after each placed tile', () => {
    expect(scoreSeries(2, events)).toEqual([
      [0, 0],
      [4, 0],
      [10, 13],
      [10, 13],
      [10, 16],
    ]);
  });
});

group('board history', () => {
  it('finds the last placed tile', () => {
    expect(lastPlaced(events)).toEqual({ x: 0, y: 2 });
    expect(lastPlaced([])).toBeNull();
  });
  it('marks the tiles placed since my last placement', () => {
    expect(placedSinceMyTurn(events, 0, 2)).toEqual([{ x: 0, y: 2 }]);
    expect(placedSinceMyTurn(events, 1, 2)).toEqual([]);
    expect(placedSinceMyTurn(events.slice(0, 3), 1, 2)).toEqual([]);
    expect(placedSinceMyTurn(events.slice(0, 1), 1, 2)).toEqual([{ x: 1, y: 0 }]);
    expect(placedSinceMyTurn(events, null, 2)).toEqual([{ x: 0, y: 1 }, { x: 0, y: 2 }]);
  });
});

group('log sentences', () => {
  const names = ['Anna', 'Boris'];
  it('says who scored what in each language', () => {
    expect(describe('en', names, events[1])).toBe('A city of 2 tiles was scored: Anna 4 points');
    expect(describe('cs', names, events[1])).toBe('Hodnoceno: město z 2 kartiček: Anna 4 body');
    expect(describe('ru', names, events[4])).toBe('Буря: Anna 6 очков, Boris 7 очков');
    expect(describe('en', names, events[3])).toBe('Boris moved the pig 3 sectors, from Fortune to Storm');
  });
  it('names followers by role', () => {
    expect(describe('cs', names, { type: 'follower-deployed', seat: 1, square: { x: 2, y: -1 }, feature: 0, featureName: 'C1', kind: 'CITY' })).toBe(
      'Boris umístil(a) družiníka jako: rytíř (město na 2,-1)',
    );
    expect(describe('en', names, { type: 'declined', seat: 0, forced: true })).toBe('Anna could add no follower (supply empty)');
  });
  it('says nobody scores when all points are zero', () => {
    expect(pointsList('en', names, [0, 0])).toBe('nobody scores');
  });
});
