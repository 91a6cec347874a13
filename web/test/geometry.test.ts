import { describe, expect, it } from 'vitest';
import { regionPath, turned } from '../src/render/geometry';

describe('drawing helpers', () => {
  it('turns points clockwise about the tile centre as the engine does (y grows south)', () => {
    // The north edge's midpoint goes east, south, west.
    expect(turned({ x: 0.5, y: 0 }, 90)).toEqual({ x: 1, y: 0.5 });
    expect(turned({ x: 0.5, y: 0 }, 180)).toEqual({ x: 0.5, y: 1 });
    expect(turned({ x: 0.5, y: 0 }, 270)).toEqual({ x: 0, y: 0.5 });
    expect(turned({ x: 0.2, y: 0.1 }, 0)).toEqual({ x: 0.2, y: 0.1 });
  });
  it('writes regions as closed SVG rings (holes included, even-odd filled)', () => {
    expect(
      regionPath({
        rings: [
          [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }],
          [{ x: 0.31, y: 0.31 }, { x: 0.69, y: 0.31 }, { x: 0.69, y: 0.69 }],
        ],
      }),
    ).toBe('M0 0L1 0L1 1L0 1ZM0.31 0.31L0.69 0.31L0.69 0.69Z');
    expect(regionPath({ rings: [[{ x: 1 / 3, y: 0 }]] })).toBe('');
  });
});
