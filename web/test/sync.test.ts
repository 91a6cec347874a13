import { describe, expect, it } from 'vitest';
import { GameSync } from '../src/net/sync';
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
