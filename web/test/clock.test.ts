import { describe, expect, it } from 'vitest';
import { clockText, remainingAt } from '../src/logic/clock';

describe('game clock', () => {
  const c = { remainingMillis: [61_000, 300_000], deciding: 0, outOfTime: [false, false], receivedAt: 1_000 };
  it('runs down only for the deciding seat, and not below zero', () => {
    expect(remainingAt(c, 0, 11_000)).toBe(51_000);
    expect(remainingAt(c, 1, 11_000)).toBe(300_000);
    expect(remainingAt(c, 0, 100_000)).toBe(0);
    expect(remainingAt({ ...c, deciding: null }, 0, 50_000)).toBe(61_000);
  });
  it('writes minutes and seconds, hours when needed, rounding up', () => {
    expect([61_000, 60_001, 59_999, 0, -5, 3_723_000].map(clockText)).toEqual(['1:01', '1:01', '1:00', '0:00', '0:00', '1:02:03']);
  });
});
