// The game clock as the page shows it: the server sends every seat's remaining time after each update
// (and on connecting); between messages only the deciding seat's time runs, so the page counts it down itself.

export interface ClockState {
  remainingMillis: number[];
  /** The seat whose time runs, null when none. */
  deciding: number | null;
  outOfTime: boolean[];
  /** When the message arrived (Date.now()). */
  receivedAt: number;
}

/** A seat's remaining time at `now`: the deciding seat's runs down from the message's figure, never below 0. */
export function remainingAt(c: ClockState, seat: number, now: number): number {
  const base = c.remainingMillis[seat] ?? 0;
  return c.deciding === seat ? Math.max(0, base - (now - c.receivedAt)) : base;
}

/** "4:07", "1:02:03"; whole seconds, rounded up so that 0:00 means the time is really out. */
export function clockText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
