// The my-turn interaction as pure functions: which squares are legal, the tentative tile, rotation
// cycling over legal rotations only, confirm and take back. Undo exists only before confirming (nothing
// is sent until then), so it can never cross another player's action or a revealed draw.
import { Action, FeatureKind, Position, Rotation, Sector, posKey } from '../model';

/** Legal rotations per square, each list ascending (0°, 90°, …). */
export type Placements = Map<string, { pos: Position; rotations: Rotation[] }>;

export function placements(legal: readonly Action[]): Placements {
  const out: Placements = new Map();
  for (const a of legal) {
    if (a.type !== 'PLACE') continue;
    const key = posKey(a);
    let entry = out.get(key);
    if (!entry) {
      entry = { pos: { x: a.x, y: a.y }, rotations: [] };
      out.set(key, entry);
    }
    if (!entry.rotations.includes(a.rotation)) entry.rotations.push(a.rotation);
  }
  for (const e of out.values()) e.rotations.sort((a, b) => a - b);
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
  return { type: 'PLACE', x: t.x, y: t.y, rotation: t.rotation };
}

/** What the deployment step offers: feature indices of the placed tile, crown sectors, and whether passing is allowed. */
export interface DeployChoices {
  features: number[];
  crowns: Sector[];
  pass: boolean;
}

export function deployChoices(legal: readonly Action[]): DeployChoices {
  const out: DeployChoices = { features: [], crowns: [], pass: false };
  for (const a of legal) {
    if (a.type === 'DEPLOY') out.features.push(a.feature);
    else if (a.type === 'CROWN') out.crowns.push(a.sector);
    else if (a.type === 'PASS') out.pass = true;
  }
  return out;
}

/** Followers that may be picked in a Plague return, a crop-circle removal or addition: (square, feature) pairs. */
export function followerTargets(legal: readonly Action[]): { x: number; y: number; feature: number; action: Action }[] {
  const out: { x: number; y: number; feature: number; action: Action }[] = [];
  for (const a of legal) {
    if (a.type === 'RETURN' || a.type === 'ADD') out.push({ x: a.x, y: a.y, feature: a.feature, action: a });
  }
  return out;
}

/** Colour of a follower spot by the kind of feature it stands for (the board's own palette). */
export const KIND_COLOUR: Record<FeatureKind, string> = {
  ROAD: '#f4e7c1',
  CITY: '#c9893a',
  FIELD: '#7fc451',
  CLOISTER: '#c0392b',
};
