// The drawable geometry of tiles and of the wheel board as the engine computes it
// (dev.fortuna.engine.geometry), in the JSON the server sends: a unit square per tile in its printed
// orientation, x east, y SOUTH (as in SVG). Regions are rings with even-odd filling.
import { CropSymbol, FeatureKind, Sector } from '../model';

export interface Pt {
  x: number;
  y: number;
}

export interface Region {
  rings: Pt[][];
}

export interface FeatureShape {
  name: string;
  kind: FeatureKind;
  region: Region;
  /** Where the feature's follower stands: inside its region, outside all others. */
  anchor: Pt;
  /** Roads: the centre line. */
  path: Pt[];
  width: number;
  /** Cities: one shield per pennant. */
  pennants: { centre: Pt; radius: number }[];
  inn: boolean;
}

export type AreaKind = 'CROP_CIRCLE' | 'JUNCTION' | 'WHEEL';

export interface Area {
  kind: AreaKind;
  region: Region;
}

/** TileGeometry: a tile type in its printed orientation (rotation R0); the board turns it with SVG. */
export interface TileDrawing {
  tileId: string;
  /** In the tile's notation order, so that index = the feature index of actions and spots. */
  features: FeatureShape[];
  areas: Area[];
  cropMark: { symbol: CropSymbol; centre: Pt; radius: number } | null;
  wheelNumber: { value: number; centre: Pt; radius: number } | null;
}

/** One sector of the wheel (SectorGeometry); angles are screen degrees, 0° east, clockwise, top = -90°. */
export interface SectorDrawing {
  sector: Sector;
  region: Region;
  startDegrees: number;
  endDegrees: number;
  labelPosition: Pt;
  pigPosition: Pt;
  crownSpaces: Pt[];
}

/** WheelBoardGeometry: the 4×4 board in board coordinates, its 16 squares and the wheel on top. */
export interface WheelBoardDrawing {
  size: number;
  squares: { x: number; y: number; features: FeatureShape[]; areas: Area[] }[];
  wheel: { centre: Pt; radius: number; hubRadius: number; sectors: SectorDrawing[] };
}

/** Everything the board needs to draw any game: every tile type, and the wheel board. */
export interface Drawings {
  tiles: Record<string, TileDrawing>;
  wheelBoard: WheelBoardDrawing | null;
}

/** SVG path data of a region (closed rings; draw with fill-rule evenodd). */
export function regionPath(r: Region): string {
  return r.rings
    .filter((ring) => ring.length > 1)
    .map((ring) => 'M' + ring.map((p) => `${round(p.x)} ${round(p.y)}`).join('L') + 'Z')
    .join('');
}

const round = (v: number) => Math.round(v * 10000) / 10000;

/** A point of a tile drawn turned clockwise by `degrees` about the tile's centre (as the board shows it). */
export function turned(p: Pt, degrees: number): Pt {
  let { x, y } = p;
  for (let i = 0; i < ((degrees / 90) & 3); i++) {
    // y down: a clockwise quarter turn sends north (0,-1) to east (1,0): (dx, dy) -> (-dy, dx).
    const dx = x - 0.5, dy = y - 0.5;
    x = 0.5 - dy;
    y = 0.5 + dx;
  }
  return { x, y };
}
