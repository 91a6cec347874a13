// The client's picture of a game, mirroring the engine's types (dev.fortuna.engine): Action, Event,
// Decision, PlayerView. The network layer (net/) turns the server's JSON into these; everything else
// in the client works on them only, so a change of wire format touches one file.

export type FeatureKind = 'ROAD' | 'CITY' | 'FIELD' | 'CLOISTER';
export const FEATURE_KINDS: readonly FeatureKind[] = ['ROAD', 'CITY', 'FIELD', 'CLOISTER'];

/** The six sectors of the wheel, clockwise from the top (RULES.md §3.2); index = engine ordinal. */
export type Sector = 'FORTUNE' | 'TAX' | 'FAMINE' | 'STORM' | 'INQUISITION' | 'PLAGUE';
export const SECTORS: readonly Sector[] = ['FORTUNE', 'TAX', 'FAMINE', 'STORM', 'INQUISITION', 'PLAGUE'];

export type CropSymbol = 'PITCHFORK' | 'CLUB' | 'SHIELD';
export type CropCircleOption = 'ADD' | 'REMOVE';
export type ExpansionId = 'wheel-of-fortune' | 'crop-circles';
export type ScoreKind = 'ROAD' | 'CITY' | 'CLOISTER' | 'FIELD' | 'WHEEL_EVENT' | 'CROWN';
export const SCORE_KINDS: readonly ScoreKind[] = ['ROAD', 'CITY', 'CLOISTER', 'FIELD', 'WHEEL_EVENT', 'CROWN'];

export type DecisionKind =
  | 'PLACE_TILE'
  | 'DEPLOY'
  | 'PLAGUE_RETURN'
  | 'CROP_CIRCLE_CHOICE'
  | 'CROP_CIRCLE_ADD'
  | 'CROP_CIRCLE_REMOVE'
  | 'GAME_OVER';

/** Quarter turns clockwise, 0..3 (the engine's Rotation ordinal). */
export type Rotation = 0 | 1 | 2 | 3;

export interface Position {
  x: number;
  y: number;
}

export const posKey = (p: Position): string => `${p.x},${p.y}`;

/** One choice a seat can make; the same cases as the engine's sealed interface Action. */
export type Action =
  | { type: 'PLACE'; x: number; y: number; rotation: Rotation }
  | { type: 'DEPLOY'; feature: number }
  | { type: 'CROWN'; sector: Sector }
  | { type: 'PASS' }
  | { type: 'RETURN'; x: number; y: number; feature: number }
  | { type: 'CROP_CHOICE'; option: CropCircleOption }
  | { type: 'ADD'; x: number; y: number; feature: number };

export type ReturnReason = 'SCORED' | 'PLAGUE' | 'CROWN_SCORED' | 'CROP_CIRCLE';

/** Something that happened, as the engine's Event records; seats are indices. */
export type GameEvent =
  | { type: 'TileDrawn'; seat: number; tile: string; remaining: number }
  | { type: 'TileDiscarded'; seat: number; tile: string }
  | { type: 'TilePlaced'; seat: number; tile: string; position: Position; rotation: Rotation }
  | { type: 'FollowerDeployed'; seat: number; position: Position; feature: number; featureName: string; kind: FeatureKind }
  | { type: 'DeploymentPassed'; seat: number }
  | { type: 'CrownDeployed'; seat: number; sector: Sector }
  | {
      type: 'FeatureScored';
      kind: FeatureKind;
      atGameEnd: boolean;
      tiles: Position[];
      pennants: number;
      adjacentCompletedCities: number;
      followers: number[];
      points: number[];
    }
  | {
      type: 'FollowerReturned';
      seat: number;
      position: Position | null;
      featureName: string | null;
      crownSector: Sector | null;
      reason: ReturnReason;
    }
  | { type: 'PigMoved'; seat: number; from: Sector; to: Sector; steps: number }
  | { type: 'SectorResolved'; sector: Sector; active: number; points: number[]; reasons: string[] }
  | { type: 'CrownsScored'; sector: Sector; points: number[]; followers: number[] }
  | { type: 'Skipped'; seat: number; step: DecisionKind; reason: string }
  | { type: 'CropCircleChosen'; seat: number; symbol: CropSymbol; option: CropCircleOption }
  | { type: 'CropCircleSkipped'; seat: number; symbol: CropSymbol }
  | { type: 'FollowerAdded'; seat: number; position: Position; feature: number; featureName: string; kind: FeatureKind }
  | { type: 'Declined'; seat: number; forced: boolean }
  | { type: 'GameEnded'; scores: number[]; winners: number[] };

export interface PlacedTile {
  x: number;
  y: number;
  tile: string;
  rotation: Rotation;
  /** A square of the wheel board (drawn as part of the wheel, never placed by a player). */
  boardSquare: boolean;
}

/** A follower on a tile's feature, or (crown set, position null) on a crown space of the wheel. */
export interface Follower {
  seat: number;
  x: number | null;
  y: number | null;
  feature: number;
  kind: FeatureKind | null;
  crown: Sector | null;
}

export interface SeatInfo {
  seat: number;
  name: string;
  /** The bot's level ("mcts:easy", …) for a bot seat, null for a person. */
  bot: string | null;
  connected: boolean;
  /** Milliseconds left on the seat's clock; null in a game without a clock. */
  clockMs: number | null;
}

export interface Decision {
  kind: DecisionKind;
  seat: number | null;
}

/** What one viewer (a seat, or a spectator when seat is null) may know of a game at one version. */
export interface GameView {
  gameId: string;
  /** The server's version of the game's event stream this view is at. */
  version: number;
  /** Actions applied so far; an action must be sent with the current ply. */
  ply: number;
  viewer: number | null;
  seats: SeatInfo[];
  expansions: ExpansionId[];
  board: PlacedTile[];
  followers: Follower[];
  scores: number[];
  supply: number[];
  /** Sector the pig stands on; null without the wheel. */
  pig: Sector | null;
  crownsPerSector: number[];
  decision: Decision;
  /** The drawn tile's type id while it waits to be placed. */
  drawnTile: string | null;
  /** Undrawn tiles by type id. */
  remaining: Record<string, number>;
  /** Legal actions of the viewer when it is the viewer's decision, otherwise empty. */
  legal: Action[];
}

export function actionKey(a: Action): string {
  switch (a.type) {
    case 'PLACE':
      return `PLACE ${a.x},${a.y} ${a.rotation}`;
    case 'DEPLOY':
      return `DEPLOY ${a.feature}`;
    case 'CROWN':
      return `CROWN ${a.sector}`;
    case 'PASS':
      return 'PASS';
    case 'RETURN':
      return `RETURN ${a.x},${a.y} ${a.feature}`;
    case 'CROP_CHOICE':
      return `CROP_CHOICE ${a.option}`;
    case 'ADD':
      return `ADD ${a.x},${a.y} ${a.feature}`;
  }
}
