// What changed on the board from one viewer's point of view: the last placed tile, and the tiles placed
// since the viewer's own last placement (the "what did the others do" marks).
import { GameEvent, Position } from '../model';

export function lastPlaced(events: readonly GameEvent[]): Position | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'tile-placed') return e.square;
  }
  return null;
}

/**
 * Squares of the tiles placed by other seats after the viewer's last own placement (all placements
 * when the viewer has placed none yet). A spectator (viewer null) gets the placements of the last round.
 */
export function placedSinceMyTurn(events: readonly GameEvent[], viewer: number | null, players: number): Position[] {
  const out: Position[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type !== 'tile-placed') continue;
    if (viewer !== null && e.seat === viewer) break;
    out.push(e.square);
    if (viewer === null && out.length >= players) break;
  }
  return out.reverse();
}
