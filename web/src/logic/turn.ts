// The my-turn interaction as pure functions: which squares are legal, the tentative tile, rotation
// cycling over legal rotations only, confirm and take back. Undo exists only before confirming (nothing
// is sent until then), so it can never cross another player's action or a revealed draw.
import { Action, DecisionView, FeatureKind, Placement, Position, Rotation, Sector, Spot, posKey } from '../model';

/** The legal placements by square ("x,y"), as the server grouped them (rotations ascending). */
export type Placements = Map<string, Placement>;

export function placements(d: DecisionView | null): Placements {
  const out: Placements = new Map();
  for (const p of d?.placements ?? []) out.set(posKey(p), p);
  return out;
}

export interface Tentative {
  x: number;
  y: number;
  rotation: Rotation;
}

/**
 * A click on a square. On the tentative square it turns the tile to the next legal rotation; on another
 * legal square it lays the tile there, keeping the current rotation when it is legal there too (so a
 * player who turned the tile first is not surprised); elsewhere nothing changes.
 */
export function clickSquare(p: Placements, current: Tentative | null, at: Position): Tentative | null {
  const entry = p.get(posKey(at));
  if (!entry) return current;
  if (current && current.x === at.x && current.y === at.y) return rotate(p, current, 1);
  const keep = current && entry.rotations.includes(current.rotation) ? current.rotation : entry.rotations[0];
  return { x: at.x, y: at.y, rotation: keep };
}

/** The next (step 1) or previous (step -1) legal rotation of the tentative tile; one legal rotation stays. */
export function rotate(p: Placements, current: Tentative | null, step: 1 | -1): Tentative | null {
  if (!current) return null;
  const entry = p.get(posKey(current));
  if (!entry) return null;
  const i = entry.rotations.indexOf(current.rotation);
  const n = entry.rotations.length;
  const next = entry.rotations[(((i < 0 ? 0 : i + step) % n) + n) % n];
  return { ...current, rotation: next };
}

export function placeAction(t: Tentative): Action {
  return { type: 'place', x: t.x, y: t.y, rotation: t.rotation };
}

/** The action that picks a follower spot in the current decision (deploy, return or add). */
export function spotAction(d: DecisionView, s: Spot): Action {
  switch (d.kind) {
    case 'DEPLOY':
      return { type: 'deploy', feature: s.feature };
    case 'CROP_CIRCLE_ADD':
      return { type: 'add', x: s.x, y: s.y, feature: s.feature };
    default:
      return { type: 'return', x: s.x, y: s.y, feature: s.feature };
  }
}

/** The spots the deciding seat may pick now: the placed tile's features, followers to return, or to add beside. */
export function pickableSpots(d: DecisionView): Spot[] {
  switch (d.kind) {
    case 'DEPLOY':
      return d.spots;
    case 'CROP_CIRCLE_ADD':
      return d.adds;
    case 'PLAGUE_RETURN':
    case 'CROP_CIRCLE_REMOVE':
      return d.returns;
    default:
      return [];
  }
}

/** Colour of a follower spot by the kind of feature it stands for (the board's own palette). */
export const KIND_COLOUR: Record<FeatureKind, string> = {
  ROAD: '#f4e7c1',
  CITY: '#c9893a',
  FIELD: '#7fc451',
  CLOISTER: '#c0392b',
};

/**
 * How a suggested action shows on the page before the player confirms it: the tile laid tentatively, a spot
 * or crown space picked, or the button to press (pass, add or remove). Null when the action is not one of
 * the decision's options (a hint for an older ply).
 */
export type Suggestion =
  | { kind: 'tile'; tentative: Tentative }
  | { kind: 'spot'; spot: Spot; action: Action }
  | { kind: 'crown'; sector: Sector; action: Action }
  | { kind: 'button'; action: Action };

export function suggestion(d: DecisionView, a: Action): Suggestion | null {
  switch (a.type) {
    case 'place': {
      const p = d.placements.find((q) => q.x === a.x && q.y === a.y);
      return p && p.rotations.includes(a.rotation) ? { kind: 'tile', tentative: { x: a.x, y: a.y, rotation: a.rotation } } : null;
    }
    case 'deploy':
    case 'return':
    case 'add': {
      const spot = pickableSpots(d).find(
        (s) => s.feature === a.feature && (a.type === 'deploy' || (s.x === a.x && s.y === a.y)),
      );
      return spot && spotAction(d, spot).type === a.type ? { kind: 'spot', spot, action: a } : null;
    }
    case 'crown':
      return d.crownSectors.includes(a.sector) ? { kind: 'crown', sector: a.sector, action: a } : null;
    case 'pass':
      return d.pass ? { kind: 'button', action: a } : null;
    case 'crop-choice':
      return d.cropOptions.includes(a.option) ? { kind: 'button', action: a } : null;
  }
}
