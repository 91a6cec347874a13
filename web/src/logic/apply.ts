// Keeping a view current between snapshots. The server sends a snapshot once (on connecting or after a
// gap too old to replay) and then one update per applied action: the action's events and the decision
// that follows. Applying the events here gives the same board, followers, scores, supplies, pig, crowns
// and pile as the server's next view would: every change of the game state is an event (Event's
// contract), and the e2e test checks the page's final scores against the server's record.
import { Follower, GameEvent, GameView, ScoreKind, ServerMessage } from '../model';

type Update = Extract<ServerMessage, { type: 'update' }>;

function addPoints(v: GameView, kind: ScoreKind, points: readonly number[]) {
  points.forEach((p, seat) => {
    const s = v.seats[seat];
    if (!s || p === 0) return;
    s.score += p;
    s.scoreByKind[kind] = (s.scoreByKind[kind] ?? 0) + p;
  });
}

function landscapeFollower(seat: number, e: { square: { x: number; y: number }; feature: number; featureName: string; kind: Follower['kind'] }): Follower {
  return { seat, x: e.square.x, y: e.square.y, feature: e.feature, featureName: e.featureName, kind: e.kind, crownSector: null };
}

/** Applies one event to a view in place. */
export function applyEvent(v: GameView, e: GameEvent): void {
  switch (e.type) {
    case 'tile-drawn': {
      const n = (v.remaining[e.tile] ?? 0) - 1;
      if (n > 0) v.remaining[e.tile] = n;
      else delete v.remaining[e.tile];
      v.pileSize = e.remaining;
      return;
    }
    case 'tile-placed':
      v.board.push({ x: e.square.x, y: e.square.y, tile: e.tile, rotation: e.rotation, boardSquare: false });
      return;
    case 'follower-deployed':
    case 'follower-added':
      v.followers.push(landscapeFollower(e.seat, e));
      v.seats[e.seat].supply -= 1;
      return;
    case 'crown-deployed': {
      v.followers.push({ seat: e.seat, x: null, y: null, feature: null, featureName: null, kind: null, crownSector: e.sector });
      const c = v.crowns.find((c) => c.sector === e.sector);
      if (c) {
        const i = c.occupants.indexOf(null);
        if (i >= 0) c.occupants[i] = e.seat;
      }
      v.seats[e.seat].supply -= 1;
      return;
    }
    case 'follower-returned': {
      let i: number;
      if (e.crownSector) {
        i = v.followers.findIndex((f) => f.seat === e.seat && f.crownSector === e.crownSector);
        const c = v.crowns.find((c) => c.sector === e.crownSector);
        if (c) {
          const j = c.occupants.indexOf(e.seat);
          if (j >= 0) c.occupants[j] = null;
        }
      } else {
        const sq = e.square!;
        i = v.followers.findIndex((f) => f.seat === e.seat && f.x === sq.x && f.y === sq.y && f.featureName === e.featureName);
      }
      if (i >= 0) v.followers.splice(i, 1);
      v.seats[e.seat].supply += 1;
      return;
    }
    case 'feature-scored':
      addPoints(v, e.kind, e.points);
      return;
    case 'sector-resolved':
      addPoints(v, 'WHEEL_EVENT', e.points);
      return;
    case 'crowns-scored':
      addPoints(v, 'CROWN', e.points);
      return;
    case 'pig-moved':
      v.pig = e.to;
      return;
    case 'game-ended':
      v.winners = e.winners.slice();
      return;
    default:
      // Draws that fit nowhere, passes, skips and crop-circle choices change nothing a view shows.
      return;
  }
}

/** The view after an update; the input view is left as it was (the replay keeps every step). */
export function applyUpdate(v: GameView, u: Update): GameView {
  const next: GameView = structuredClone(v);
  for (const e of u.events) applyEvent(next, e);
  next.ply = u.version;
  next.decision = u.decision;
  if (u.featureValues !== undefined) next.featureValues = u.featureValues; // absent: unchanged (a catch-up)
  // The history holds one entry per ply up to the view's; it grows by the scores after this update's events. A
  // history that does not end at the view's ply (none was sent) is not extended: a chart of it would be wrong.
  if (next.scoreHistory && next.scoreHistory.length === v.ply + 1) {
    next.scoreHistory.push(next.seats.map((s) => s.score));
  } else {
    next.scoreHistory = null;
  }
  return next;
}
