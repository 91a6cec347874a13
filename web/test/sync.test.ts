import { describe, expect, it } from 'vitest';
import { GameSync } from '../src/net/sync';
import { placedSinceMyTurn } from '../src/logic/history';
import { ClientMessage, DecisionView, GameView, ServerMessage } from '../src/model';

const decision = (seat: number): DecisionView => ({
  kind: 'PLACE_TILE', seat, active: seat, tile: 'D', placements: [], spots: [], crownSectors: [], returns: [], adds: [],
  cropOptions: [], pass: false, cropSymbol: null,
});

const snapshot = (version: number): ServerMessage => ({
  type: 'snapshot',
  version,
  view: {
    viewer: 0, ply: version, setup: { expansions: [] }, board: [], followers: [],
    seats: [0, 1].map((seat) => ({ seat, score: 0, scoreByKind: { ROAD: 0, CITY: 0, CLOISTER: 0, FIELD: 0, WHEEL_EVENT: 0, CROWN: 0 }, supply: 7 })),
    pig: null, crowns: [], remaining: { D: 3 }, pileSize: 3, decision: decision(0), winners: [], featureValues: [],
    scoreHistory: Array.from({ length: version + 1 }, () => [0, 0]),
  } as GameView,
});

const update = (version: number, seat: number): ServerMessage => ({
  type: 'update', version, action: { seat, ply: version - 1, action: { type: 'pass' } }, decision: decision(1 - seat),
  events: [{ type: 'tile-drawn', seat, tile: 'D', remaining: 2 }], featureValues: [],
});

function setup() {
  const sent: ClientMessage[] = [];
  const seen: string[] = [];
  const sync = new GameSync((m) => sent.push(m), {
    view: (v, fresh) => seen.push(`view ${v.ply} ${fresh.length}`),
    rejected: (r, a) => seen.push(`rejected ${r.code} ${a?.type ?? '-'}`),
    presence: (p) => seen.push(`presence ${p.connected.join(',')}`),
    clock: (c) => seen.push(`clock ${c.remainingMillis.join(',')} ${c.deciding}`),
  }, () => 'id');
  return { sent, seen, sync };
}

describe('game sync', () => {
  it('applies updates in order and ignores repeats', () => {
    const { sync, seen, sent } = setup();
    sync.receive(snapshot(3));
    sync.receive(update(4, 0));
    sync.receive(update(4, 0));
    expect(sync.version).toBe(4);
    expect(sync.view!.ply).toBe(4);
    expect(sync.log.map((e) => e.version)).toEqual([4]);
    expect(seen).toEqual(['view 3 0', 'view 4 1']);
    expect(sent).toEqual([]);
  });
  it('asks for a resync when a version is missing, and applies nothing', () => {
    const { sync, sent } = setup();
    sync.receive(snapshot(3));
    sync.receive(update(5, 0));
    expect(sync.version).toBe(3);
    expect(sent).toEqual([{ type: 'resync', lastVersion: 3 }]);
  });
  it('sends actions at the view’s ply and resends unanswered ones after a reconnect', () => {
    const { sync, sent } = setup();
    sync.receive(snapshot(3));
    const id = sync.act({ type: 'pass' });
    expect(sent).toEqual([{ type: 'act', action: { type: 'pass' }, ply: 3, clientActionId: id }]);
    expect(sync.waiting).toBe(true);
    sync.opened();
    expect(sent.slice(1)).toEqual([
      { type: 'resync', lastVersion: 3 },
      { type: 'act', action: { type: 'pass' }, ply: 3, clientActionId: id },
    ]);
    sync.receive({ type: 'ack', clientActionId: id!, ply: 3, version: 4 });
    expect(sync.waiting).toBe(false);
  });
  it('reports a refusal and resyncs on a stale ply', () => {
    const { sync, sent, seen } = setup();
    sync.receive(snapshot(3));
    const id = sync.act({ type: 'deploy', feature: 1 })!;
    sync.receive({ type: 'rejected', clientActionId: id, rejection: { code: 'STALE_PLY', message: 'stale', ply: 5 } });
    expect(seen.at(-1)).toBe('rejected STALE_PLY deploy');
    expect(sent.at(-1)).toEqual({ type: 'resync', lastVersion: 3 });
    expect(sync.waiting).toBe(false);
  });
  it('sends nothing before the first snapshot', () => {
    const { sync, sent } = setup();
    expect(sync.act({ type: 'pass' })).toBeNull();
    sync.opened();
    expect(sent).toEqual([]);
  });
});

describe('absent fields from the server', () => {
  it('become nulls and empty lists', () => {
    const { sync } = setup();
    sync.receive({
      type: 'snapshot',
      version: 0,
      view: JSON.parse(`{"ply":0,"setup":{"expansions":["wheel-of-fortune"]},"board":[],
        "followers":[{"seat":1,"crownSector":"TAX"},{"seat":0,"x":1,"y":0,"feature":1,"featureName":"R1","kind":"ROAD"}],
        "seats":[],"pig":"FORTUNE","crowns":[{"sector":"TAX","occupants":[1,null]}],"remaining":{},"pileSize":0,
        "decision":{"kind":"GAME_OVER","active":1,"placements":[],"spots":[],"crownSectors":[],"returns":[],"adds":[],"cropOptions":[],"pass":false},
        "winners":[1]}`),
    });
    const v = sync.view!;
    expect(v.viewer).toBeNull();
    expect(v.decision.seat).toBeNull();
    expect(v.decision.tile).toBeNull();
    expect(v.followers).toEqual([
      { seat: 1, x: null, y: null, feature: null, featureName: null, kind: null, crownSector: 'TAX' },
      { seat: 0, x: 1, y: 0, feature: 1, featureName: 'R1', kind: 'ROAD', crownSector: null },
    ]);
  });
});

describe('carrying on after a reload', () => {
  it('restores the view, version and log, and applies the next update on top', () => {
    const first = setup();
    first.sync.receive(snapshot(3));
    first.sync.receive(update(4, 0));
    const kept = JSON.parse(JSON.stringify(first.sync.saved()));
    const second = setup();
    second.sync.restore(kept);
    second.sync.receive(update(5, 1));
    expect(second.sync.version).toBe(5);
    expect(second.sync.log.map((e) => e.version)).toEqual([4, 5]);
    expect(second.sync.view!.remaining).toEqual({ D: 1 });
    expect(second.sent).toEqual([]);
  });
});

describe('the game log', () => {
  const entry = (version: number, seat: number) => ({
    version, seat, events: [{ type: 'tile-placed', seat, tile: 'D', square: { x: version, y: 0 }, rotation: 0 } as const,
      { type: 'tile-drawn', seat: 1 - seat, tile: 'E', remaining: 9 } as const],
  });
  it('is seeded with the server’s whole log, then grows by updates, each version once', () => {
    const { sync } = setup();
    sync.receive(snapshot(3));
    expect(sync.log).toEqual([]);
    expect(sync.seed({ version: 4, entries: [entry(1, 0), entry(2, 1), entry(3, 0), entry(4, 1)] })).toBe(true);
    expect(sync.log.map((l) => `${l.version} ${l.event.type}`)).toEqual([
      '1 tile-placed', '1 tile-drawn', '2 tile-placed', '2 tile-drawn', '3 tile-placed', '3 tile-drawn',
      '4 tile-placed', '4 tile-drawn',
    ]);
    // Version 4 was in the server's log before its update came: it is not logged twice.
    sync.receive(update(4, 1));
    sync.receive(update(5, 0));
    expect(sync.log.map((l) => l.version)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5]);
    expect(sync.seed({ version: 5, entries: [entry(1, 0), entry(2, 1), entry(3, 0), entry(4, 1), entry(5, 0)] })).toBe(false);
    expect(sync.log.length).toBe(9);
  });
  it('gives a freshly loaded page the tiles placed since my last turn', () => {
    const { sync } = setup();
    sync.receive(snapshot(3));
    const events = () => sync.log.map((l) => l.event);
    expect(placedSinceMyTurn(events(), 0, 2)).toEqual([]);
    sync.seed({ version: 3, entries: [entry(1, 0), entry(2, 1), entry(3, 1)] });
    expect(placedSinceMyTurn(events(), 0, 2)).toEqual([{ x: 2, y: 0 }, { x: 3, y: 0 }]);
  });
  it('fills a gap before the updates it has, in version order, and survives a save and restore', () => {
    const { sync } = setup();
    sync.receive(snapshot(2));
    sync.receive(update(3, 0));
    sync.seed({ version: 3, entries: [entry(1, 0), entry(2, 1), entry(3, 0)] });
    expect(sync.log.map((l) => l.version)).toEqual([1, 1, 2, 2, 3]);
    const again = setup().sync;
    again.restore(JSON.parse(JSON.stringify(sync.saved())));
    again.receive(update(3, 0));
    expect(again.seed({ version: 3, entries: [entry(1, 0)] })).toBe(false);
    expect(again.log.map((l) => l.version)).toEqual([1, 1, 2, 2, 3]);
  });
});
