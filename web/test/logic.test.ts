import { describe as group, expect, it } from 'vitest';
import { DecisionView, GameEvent } from '../src/model';
import { clickSquare, pickableSpots, placeAction, placements, rotate, spotAction, suggestion } from '../src/logic/turn';
import { fit, pan, squaresBounds, toWorld, zoomAt, MAX_SCALE } from '../src/logic/viewport';
import { breakdown, total } from '../src/logic/scores';
import { lastPlaced, placedSinceMyTurn } from '../src/logic/history';
import { describe, pointsList, sectorLines, termText, valueAt, valueLines } from '../src/logic/log';
import { FeatureValue } from '../src/model';
import { chartSeries } from '../src/ui/EndOfGame';

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
  { type: 'feature-scored', kind: 'CITY', atGameEnd: false, squares: [{ x: 0, y: 0 }, { x: 1, y: 0 }], features: [{ square: { x: 0, y: 0 }, feature: 0, name: 'C1' }, { square: { x: 1, y: 0 }, feature: 0, name: 'C1' }], pennants: 0, adjacentCompletedCities: 0, followers: [1, 0], points: [4, 0] },
  { type: 'tile-placed', seat: 1, tile: 'E', square: { x: 2, y: 0 }, rotation: 90 },
  { type: 'pig-moved', seat: 1, from: 'FORTUNE', to: 'STORM', steps: 3 },
  { type: 'sector-resolved', sector: 'STORM', active: 1, points: [6, 7], reasons: ['', ''], terms: [[{ term: 'storm', followersInSupply: 6, points: 6 }], [{ term: 'storm', followersInSupply: 7, points: 7 }]] },
  { type: 'crowns-scored', sector: 'STORM', points: [0, 6], followers: [0, 1] },
  { type: 'tile-placed', seat: 0, tile: 'V', square: { x: 0, y: 1 }, rotation: 180 },
  { type: 'tile-placed', seat: 1, tile: 'U', square: { x: 0, y: 2 }, rotation: 0 },
  { type: 'feature-scored', kind: 'FIELD', atGameEnd: true, squares: [{ x: 0, y: 1 }], features: [{ square: { x: 0, y: 1 }, feature: 3, name: 'F2' }], pennants: 0, adjacentCompletedCities: 1, followers: [0, 1], points: [0, 3] },
];

group('scores from events', () => {
  it('breaks the points down per seat and kind', () => {
    const b = breakdown(2, events);
    expect(b[0]).toEqual({ ROAD: 0, CITY: 4, CLOISTER: 0, FIELD: 0, WHEEL_EVENT: 6, CROWN: 0 });
    expect(b[1]).toEqual({ ROAD: 0, CITY: 0, CLOISTER: 0, FIELD: 3, WHEEL_EVENT: 7, CROWN: 6 });
    expect(b.map(total)).toEqual([10, 16]);
  });
  it('charts the view’s score history only when it reaches the view’s ply', () => {
    const h = [[0, 0], [0, 0], [4, 0]];
    expect(chartSeries({ ply: 2, scoreHistory: h } as never)).toBe(h);
    expect(chartSeries({ ply: 3, scoreHistory: h } as never)).toBeNull();
    expect(chartSeries({ ply: 2, scoreHistory: null } as never)).toBeNull();
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
  it('counts in the grammar of each language', () => {
    const road = (n: number, atGameEnd = false, points = [n, 0]): GameEvent => ({
      type: 'feature-scored', kind: 'ROAD', atGameEnd, squares: Array.from({ length: n }, (_, x) => ({ x, y: 0 })),
      features: [], pennants: 0, adjacentCompletedCities: 0, followers: [1, 0], points,
    });
    expect(describe('en', names, road(1, true))).toBe('At the end, a road of 1 tile scored: Anna 1 point');
    expect(describe('cs', names, road(1))).toBe('Hodnoceno: cesta z 1 kartičky: Anna 1 bod');
    expect(describe('cs', names, road(3))).toBe('Hodnoceno: cesta z 3 kartiček: Anna 3 body');
    expect(describe('ru', names, road(1))).toBe('Подсчёт: дорога из 1 тайла: Anna 1 очко');
    expect(describe('ru', names, road(21))).toBe('Подсчёт: дорога из 21 тайла: Anna 21 очко');
    expect(describe('ru', names, road(5))).toBe('Подсчёт: дорога из 5 тайлов: Anna 5 очков');
    const pig = (steps: number): GameEvent => ({ type: 'pig-moved', seat: 0, from: 'FORTUNE', to: 'TAX', steps });
    expect(describe('en', names, pig(1))).toBe('Anna moved the pig 1 sector, from Fortune to Tax');
    expect(describe('cs', names, pig(2))).toBe('Anna posunul(a) prasátko o 2 výseče: Štěstěna → Daně');
    expect(describe('cs', names, pig(5))).toBe('Anna posunul(a) prasátko o 5 výsečí: Štěstěna → Daně');
    expect(describe('ru', names, pig(1))).toBe('Anna передвинул(а) свинку на 1 сектор: Фортуна → Налог');
    expect(describe('ru', names, pig(3))).toBe('Anna передвинул(а) свинку на 3 сектора: Фортуна → Налог');
  });
  it('does not count the tiles of a cloister', () => {
    const cloister: GameEvent = {
      type: 'feature-scored', kind: 'CLOISTER', atGameEnd: true, squares: [{ x: 2, y: 2 }], features: [],
      pennants: 0, adjacentCompletedCities: 0, followers: [0, 1], points: [0, 6],
    };
    expect(describe('en', names, cloister)).toBe('At the end, a cloister scored: Boris 6 points');
    expect(describe('cs', names, { ...cloister, atGameEnd: false, points: [0, 9] })).toBe('Hodnocen dokončený klášter: Boris 9 bodů');
    expect(describe('ru', names, cloister)).toBe('В конце игры: монастырь: Boris 6 очков');
    const value: FeatureValue = { kind: 'CLOISTER', features: [], tiles: 1, pennants: 0, adjacentCompletedCities: 0, followers: [1, 0], points: [4, 0] };
    expect(valueLines('en', names, 0, value)).toEqual(['If the game ended now', 'cloister', 'you: 4 points']);
  });
  it('says that a feature scored nothing rather than that nobody scores', () => {
    const field: GameEvent = {
      type: 'feature-scored', kind: 'FIELD', atGameEnd: true, squares: [{ x: 0, y: 1 }, { x: 1, y: 1 }], features: [],
      pennants: 0, adjacentCompletedCities: 0, followers: [1, 0], points: [0, 0],
    };
    expect(describe('en', names, field)).toBe('At the end, a field of 2 tiles scored nothing');
    expect(describe('cs', names, field)).toBe('Na konci hodnoceno: louka z 2 kartiček nedává žádné body');
    expect(describe('ru', names, field)).toBe('В конце игры: поле из 2 тайлов не приносит очков');
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

group('wheel events in words', () => {
  const names = ['Anna', 'Boris', 'Cyril'];
  it('words every kind of term in each language', () => {
    const tax = { term: 'tax', knights: 2, pennants: 1, points: 6 } as const;
    expect(termText('en', tax)).toBe('2 knights in a city with 1 pennant: 2 × (1 + 2) = 6');
    expect(termText('cs', tax)).toBe('2 rytíři ve městě s 1 erbem: 2 × (1 + 2) = 6');
    expect(termText('ru', tax)).toBe('2 рыцаря в городе с 1 щитом: 2 × (1 + 2) = 6');
    const famine = { term: 'famine', farmers: 1, completedCities: 5, perField: false, points: 5 } as const;
    expect(termText('en', famine)).toBe('1 farmer in a field next to 5 completed cities: 1 × 5 = 5');
    expect(termText('cs', famine)).toBe('1 sedlák na louce u 5 dokončených měst: 1 × 5 = 5');
    expect(termText('ru', famine)).toBe('1 фермер на поле у 5 законченных городов: 1 × 5 = 5');
    const perField = { term: 'famine', farmers: 2, completedCities: 1, perField: true, points: 1 } as const;
    expect(termText('en', perField)).toBe('a field next to 1 completed city = 1');
    expect(termText('ru', perField)).toBe('поле у 1 законченного города = 1');
    expect(termText('en', { term: 'storm', followersInSupply: 1, points: 1 })).toBe('1 follower in the supply');
    expect(termText('cs', { term: 'storm', followersInSupply: 4, points: 4 })).toBe('4 družiníci v zásobě');
    expect(termText('ru', { term: 'storm', followersInSupply: 5, points: 5 })).toBe('5 фишек в запасе');
    expect(termText('cs', { term: 'inquisition', monks: 2, points: 4 })).toBe('2 mniši × 2');
    expect(termText('ru', { term: 'inquisition', monks: 1, points: 2 })).toBe('1 монах × 2');
    expect(termText('en', { term: 'fortune', points: 3 })).toBe('moved the pig onto Fortune');
    expect(termText('cs', { term: 'plague', followersOnLandscape: 2 })).toBe('musí vzít zpět jednoho družiníka z krajiny');
  });
  it('gives each seat a banner line with its points and reasons', () => {
    const e = {
      type: 'sector-resolved' as const, sector: 'TAX' as const, active: 0, points: [7, 0, 0], reasons: ['', '', ''],
      terms: [[{ term: 'tax' as const, knights: 2, pennants: 1, points: 6 }, { term: 'tax' as const, knights: 1, pennants: 0, points: 1 }], [], []],
    };
    expect(sectorLines('en', names, e)).toEqual([
      'Anna: 7 points — 2 knights in a city with 1 pennant: 2 × (1 + 2) = 6; 1 knight in a city with 0 pennants: 1 × (0 + 1) = 1',
      'Boris: nothing',
      'Cyril: nothing',
    ]);
    expect(sectorLines('ru', names, e)[1]).toBe('Boris: ничего');
    const plague = { ...e, sector: 'PLAGUE' as const, points: [0, 0, 0], terms: [[{ term: 'plague' as const, followersOnLandscape: 2 }], [], []] };
    expect(sectorLines('cs', names, plague)[0]).toBe('Anna: 0 bodů — musí vzít zpět jednoho družiníka z krajiny');
  });
});

group('what a feature would score now', () => {
  const names = ['Anna', 'Boris'];
  const city: FeatureValue = {
    kind: 'CITY', features: [{ square: { x: 0, y: 0 }, feature: 0, name: 'C1' }, { square: { x: 0, y: -1 }, feature: 0, name: 'C1' }],
    tiles: 2, pennants: 1, adjacentCompletedCities: 0, followers: [1, 1], points: [3, 3],
  };
  const field: FeatureValue = {
    kind: 'FIELD', features: [{ square: { x: 0, y: 0 }, feature: 2, name: 'F1' }], tiles: 1, pennants: 0,
    adjacentCompletedCities: 2, followers: [0, 2], points: [0, 6],
  };
  it('finds the value of the feature a follower stands on', () => {
    expect(valueAt([city, field], 0, -1, 0)).toBe(city);
    expect(valueAt([city, field], 0, 0, 2)).toBe(field);
    expect(valueAt([city, field], 0, 0, 1)).toBeNull();
  });
  it('says what the feature is and what each seat in it would get, the viewer as "you"', () => {
    expect(valueLines('en', names, 0, city)).toEqual(['If the game ended now', 'city of 2 tiles with 1 pennant', 'you: 3 points', 'Boris: 3 points']);
    expect(valueLines('en', names, 0, field)).toEqual(['If the game ended now', 'field of 1 tile next to 2 completed cities', 'Boris: 6 points']);
    expect(valueLines('cs', names, null, field)).toEqual(['Kdyby hra teď skončila', 'louka z 1 kartičky u 2 dokončených měst', 'Boris: 6 bodů']);
    expect(valueLines('ru', names, 1, city)).toEqual(['Если бы игра закончилась сейчас', 'город из 2 тайлов с 1 щитом', 'Anna: 3 очка', 'вы: 3 очка']);
  });
});
