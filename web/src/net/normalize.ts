// The server leaves absent optional fields out of its JSON (a spectator's view has no "viewer", a follower
// on a crown space has no square, a finished game's decision has no seat). The client's types say null
// for "none", so every view, decision and event is completed here, in one place, as it arrives.
import { DecisionView, Follower, GameEvent, GameView, ServerMessage } from '../model';

const orNull = <T,>(v: T | undefined | null): T | null => (v === undefined ? null : v);

export function normalizeDecision(d: Partial<DecisionView> & { kind: DecisionView['kind'] }): DecisionView {
  return {
    kind: d.kind,
    seat: orNull(d.seat),
    active: d.active ?? 0,
    tile: orNull(d.tile),
    placements: d.placements ?? [],
    spots: d.spots ?? [],
    crownSectors: d.crownSectors ?? [],
    returns: d.returns ?? [],
    adds: d.adds ?? [],
    cropOptions: d.cropOptions ?? [],
    pass: d.pass ?? false,
    cropSymbol: orNull(d.cropSymbol),
  };
}

function normalizeFollower(f: Partial<Follower> & { seat: number }): Follower {
  return {
    seat: f.seat,
    x: orNull(f.x),
    y: orNull(f.y),
    feature: orNull(f.feature),
    featureName: orNull(f.featureName),
    kind: orNull(f.kind),
    crownSector: orNull(f.crownSector),
  };
}

export function normalizeView(v: GameView): GameView {
  return {
    ...v,
    viewer: orNull(v.viewer),
    setup: { ...v.setup, expansions: v.setup?.expansions ?? [] },
    followers: (v.followers ?? []).map(normalizeFollower),
    pig: orNull(v.pig),
    crowns: (v.crowns ?? []).map((c) => ({ sector: c.sector, occupants: c.occupants.map((o) => orNull(o)) })),
    remaining: v.remaining ?? {},
    decision: normalizeDecision(v.decision),
    winners: v.winners ?? [],
    featureValues: v.featureValues ?? [],
    scoreHistory: orNull(v.scoreHistory),
  };
}

export function normalizeEvent(e: GameEvent): GameEvent {
  if (e.type === 'follower-returned') {
    return { ...e, square: orNull(e.square), featureName: orNull(e.featureName), crownSector: orNull(e.crownSector) };
  }
  if (e.type === 'feature-scored') return { ...e, features: e.features ?? [] };
  if (e.type === 'sector-resolved') return { ...e, terms: e.terms ?? e.points.map(() => []) };
  return e;
}

export function normalizeMessage(m: ServerMessage): ServerMessage {
  switch (m.type) {
    case 'snapshot':
      return { ...m, view: normalizeView(m.view) };
    case 'update':
      return {
        ...m,
        decision: normalizeDecision(m.decision),
        events: m.events.map(normalizeEvent),
        // Absent (a catch-up's update but the last) stays absent: the view keeps the values it has.
        featureValues: m.featureValues ?? undefined,
      };
    default:
      return m;
  }
}
