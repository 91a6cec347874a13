// The wire protocol of the game server, as TypeScript types: written by hand from the `protocol` module's
// DTOs (dev.fortuna.protocol: ActionDto, EventDto, GameView, ServerMessage, ClientMessage, Lobby, GameSetup,
// ErrorCode). Names and shapes are the JSON's exactly; the client works on these types throughout.

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

/** Clockwise degrees: 0, 90, 180 or 270. */
export type Rotation = 0 | 90 | 180 | 270;

export interface Position {
  x: number;
  y: number;
}

export const posKey = (p: Position): string => `${p.x},${p.y}`;

/** One choice of a seat (ActionDto); features are indices on the tile. */
export type Action =
  | { type: 'place'; x: number; y: number; rotation: Rotation }
  | { type: 'deploy'; feature: number }
  | { type: 'crown'; sector: Sector }
  | { type: 'pass' }
  | { type: 'return'; x: number; y: number; feature: number }
  | { type: 'crop-choice'; option: CropCircleOption }
  | { type: 'add'; x: number; y: number; feature: number };

export type ReturnReason = 'SCORED' | 'PLAGUE' | 'CROWN_SCORED' | 'CROP_CIRCLE';

/** Something that happened (EventDto); seats are indices, one list entry per seat. */
export type GameEvent =
  | { type: 'tile-drawn'; seat: number; tile: string; remaining: number }
  | { type: 'tile-discarded'; seat: number; tile: string }
  | { type: 'tile-placed'; seat: number; tile: string; square: Position; rotation: Rotation }
  | { type: 'follower-deployed'; seat: number; square: Position; feature: number; featureName: string; kind: FeatureKind }
  | { type: 'deployment-passed'; seat: number }
  | { type: 'crown-deployed'; seat: number; sector: Sector }
  | {
      type: 'feature-scored';
      kind: FeatureKind;
      atGameEnd: boolean;
      squares: Position[];
      /** Every (square, feature) the scored feature covers: what a scoring flash lights. */
      features: SquareFeature[];
      pennants: number;
      adjacentCompletedCities: number;
      followers: number[];
      points: number[];
    }
  | {
      type: 'follower-returned';
      seat: number;
      square: Position | null;
      featureName: string | null;
      crownSector: Sector | null;
      reason: ReturnReason;
    }
  | { type: 'pig-moved'; seat: number; from: Sector; to: Sector; steps: number }
  | {
      type: 'sector-resolved';
      sector: Sector;
      active: number;
      points: number[];
      /** English sentences, per seat (for logs); the client words its own from `terms`. */
      reasons: string[];
      /** Per seat, the terms its points were computed from (empty when the event did not concern it). */
      terms: SectorTerm[][];
    }
  | { type: 'crowns-scored'; sector: Sector; points: number[]; followers: number[] }
  | { type: 'skipped'; seat: number; step: DecisionKind; kind?: FeatureKind }
  | { type: 'crop-circle-chosen'; seat: number; symbol: CropSymbol; option: CropCircleOption }
  | { type: 'crop-circle-skipped'; seat: number; symbol: CropSymbol }
  | { type: 'follower-added'; seat: number; square: Position; feature: number; featureName: string; kind: FeatureKind }
  | { type: 'declined'; seat: number; forced: boolean }
  | { type: 'game-ended'; scores: number[]; winners: number[] };

/** Feature `feature` (its index in the tile notation, named `name`) of the tile on `square`. */
export interface SquareFeature {
  square: Position;
  feature: number;
  name: string;
}

/** One term of a seat's wheel-event points, with the counts it was computed from (EventDto.SectorTerm). */
export type SectorTerm =
  | { term: 'fortune'; points: number }
  | { term: 'tax'; knights: number; pennants: number; points: number }
  | { term: 'famine'; farmers: number; completedCities: number; perField: boolean; points: number }
  | { term: 'storm'; followersInSupply: number; points: number }
  | { term: 'inquisition'; monks: number; points: number }
  | { term: 'plague'; followersOnLandscape: number };

/**
 * What one road, city, cloister or field holding followers would score if the game ended now (GameView.FeatureValue):
 * final scoring's value, paid to the seats with the most followers in it.
 */
export interface FeatureValue {
  kind: FeatureKind;
  features: SquareFeature[];
  tiles: number;
  pennants: number;
  adjacentCompletedCities: number;
  followers: number[];
  points: number[];
}

/** The game's options under the command line's names (GameSetup); absent fields take the defaults. */
export interface GameSetup {
  players?: number | null;
  expansions: ExpansionId[];
  wheelTiles?: 'standalone' | 'base+numbered' | 'base+all' | null;
  wheelBeside?: boolean | null;
  famine?: 'all' | 'majority' | 'per-field' | null;
  crowns?: number[] | null;
  excludeBaseStartTile?: boolean | null;
  cropSets?: 'I,II' | 'I' | 'II' | null;
  farmRule?: '3' | '2' | '1' | null;
  twoTileCity?: boolean | null;
}

export interface PlacedTile {
  x: number;
  y: number;
  tile: string;
  rotation: Rotation;
  /** A square of the wheel board (drawn as part of the wheel, never placed by a player). */
  boardSquare: boolean;
}

/** A follower on a tile's feature, or (crownSector set, the rest null) on a crown space. */
export interface Follower {
  seat: number;
  x: number | null;
  y: number | null;
  feature: number | null;
  featureName: string | null;
  kind: FeatureKind | null;
  crownSector: Sector | null;
}

export interface SeatState {
  seat: number;
  score: number;
  scoreByKind: Record<ScoreKind, number>;
  supply: number;
}

export interface CrownSpaces {
  sector: Sector;
  /** Each crown space: the seat on it, or null when empty. */
  occupants: (number | null)[];
}

export interface Placement {
  x: number;
  y: number;
  rotations: Rotation[];
}

export interface Spot {
  x: number;
  y: number;
  feature: number;
  featureName: string;
  kind: FeatureKind;
}

/** Whose decision it is, with its legal options grouped (only the lists that fit `kind` are non-empty). */
export interface DecisionView {
  kind: DecisionKind;
  seat: number | null;
  active: number;
  tile: string | null;
  placements: Placement[];
  spots: Spot[];
  crownSectors: Sector[];
  returns: Spot[];
  adds: Spot[];
  cropOptions: CropCircleOption[];
  pass: boolean;
  cropSymbol: CropSymbol | null;
}

/** What one viewer (a seat, or a spectator when viewer is null) may know of a game at one ply. */
export interface GameView {
  viewer: number | null;
  ply: number;
  setup: GameSetup;
  board: PlacedTile[];
  followers: Follower[];
  seats: SeatState[];
  pig: Sector | null;
  crowns: CrownSpaces[];
  remaining: Record<string, number>;
  pileSize: number;
  decision: DecisionView;
  winners: number[];
  /** What each occupied feature would score if the game ended now (empty once it is over). */
  featureValues: FeatureValue[];
  /** Every seat's score after each ply from 0 to `ply`; null when the server sent none. */
  scoreHistory: number[][] | null;
}

export type ErrorCode =
  | 'NOT_YOUR_DECISION' | 'STALE_PLY' | 'GAME_OVER' | 'SQUARE_TAKEN' | 'NOT_ADJACENT' | 'TILE_DOES_NOT_FIT'
  | 'NO_SUCH_FEATURE' | 'FEATURE_OCCUPIED' | 'NO_CROWN_SPACE' | 'NOT_A_LEGAL_OPTION'
  | 'MALFORMED_ACTION' | 'BAD_REQUEST' | 'NOT_FOUND' | 'BAD_TOKEN' | 'SPECTATOR_CANNOT_ACT' | 'NOT_A_PERSON_SEAT'
  | 'GAME_NOT_STARTED' | 'NOT_FINISHED' | 'TOO_LARGE' | 'THROTTLED' | 'CONFLICT' | 'INTERNAL' | 'UNAVAILABLE'
  | 'FOREIGN_ORIGIN' | 'UNSUPPORTED_MEDIA_TYPE';

/** GET /api/games/{id}/log: every applied action's events so far, as its update carried them. */
export interface GameLog {
  version: number;
  entries: { version: number; seat: number; events: GameEvent[] }[];
}

export interface Rejection {
  code: ErrorCode;
  message: string;
  ply: number | null;
  /** A refusal by the rules: what was refused (absent for a refusal of a request). */
  args?: RejectionArgs;
}

/** The arguments of a refusal by the rules; each is present only where the refusal has it. */
export interface RejectionArgs {
  seat?: number;
  decider?: number;
  decision?: DecisionKind;
  action?: Action;
  tile?: string;
  position?: Position;
  rotation?: Rotation;
  feature?: number;
  featureName?: string;
  sector?: Sector;
}

export interface SeatAction {
  seat: number;
  ply: number;
  action: Action;
}

/** What the server sends over a game's WebSocket. */
export type ServerMessage =
  | { type: 'snapshot'; version: number; view: GameView }
  | {
      type: 'update';
      version: number;
      action: SeatAction;
      events: GameEvent[];
      decision: DecisionView;
      /** Absent in the updates of a catch-up after a reconnect, all but the last: the values are unchanged. */
      featureValues?: FeatureValue[];
    }
  | { type: 'ack'; clientActionId: string; ply: number; version: number }
  | { type: 'rejected'; clientActionId: string; rejection: Rejection }
  | ({ type: 'presence' } & Presence)
  | { type: 'clock'; remainingMillis: number[]; deciding?: number | null; outOfTime: boolean[] }
  | { type: 'pong'; nonce: number }
  | { type: 'error'; rejection: Rejection };

/** Which seats have a live connection (bots always do), which person seats have joined, and the game's status. */
export interface Presence {
  connected: boolean[];
  joined: boolean[];
  standIn?: boolean[];
  status: GameStatus;
}

/** What the client sends over the WebSocket. */
export type ClientMessage =
  | { type: 'act'; action: Action; ply: number; clientActionId: string }
  | { type: 'resync'; lastVersion: number }
  | { type: 'ping'; nonce: number };

export type SeatKind = 'PERSON' | 'BOT';
export type GameStatus = 'OPEN' | 'RUNNING' | 'FINISHED';

export interface CreateGame {
  setup: GameSetup;
  seats: SeatSpec[];
  /** Seconds a person may stay disconnected before the stand-in bot plays for them; absent: never. */
  graceSeconds?: number;
  /** The stand-in bot (a bot spec); absent: the server's default. */
  standIn?: string;
  /** A game clock: each seat's time for the whole game, and the time added after each decision. */
  clockSeconds?: number;
  incrementSeconds?: number;
}

export interface SeatSpec {
  kind: SeatKind;
  bot: string | null;
  name: string | null;
}

export interface LobbySeat {
  seat: number;
  kind: SeatKind;
  bot: string | null;
  name: string | null;
  joined: boolean;
  connected: boolean;
  /** A stand-in bot plays this person's seat now (resigned, or away past the grace period). */
  standIn?: boolean;
  resigned?: boolean;
}

export interface GameSummary {
  gameId: string;
  status: GameStatus;
  setup: GameSetup;
  seats: LobbySeat[];
  ply: number;
  scores: number[];
}

export interface Invitation {
  seat: number;
  token: string;
  url: string;
}

export interface Created {
  gameId: string;
  invitations: Invitation[];
  spectatorUrl: string;
  game: GameSummary;
}
