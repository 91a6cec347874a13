import { describe, expect, it } from 'vitest';
import { pickable } from '../src/render/pickable';

function press(key: string, props = pickable('Lay the tile at 0, 1', () => picked.push(key))) {
  const e = { key, prevented: false, stopped: false, preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } };
  props.onKeyDown(e);
  return e;
}
const picked: string[] = [];

describe('pickable SVG things', () => {
  it('are focusable buttons with a label', () => {
    const p = pickable('Crown space: Plague', () => {});
    expect([p.tabindex, p.role, p['aria-label']]).toEqual([0, 'button', 'Crown space: Plague']);
  });
  it('activate with Enter and Space as with a click, and keep the key from the page’s own keys', () => {
    picked.length = 0;
    const enter = press('Enter');
    const space = press(' ');
    expect(picked).toEqual(['Enter', ' ']);
    expect([enter.prevented, enter.stopped, space.prevented, space.stopped]).toEqual([true, true, true, true]);
  });
  it('leave other keys to the page (R turns, Esc takes back)', () => {
    picked.length = 0;
    for (const k of ['r', 'Escape', 'Tab']) expect(press(k).stopped).toBe(false);
    expect(picked).toEqual([]);
  });
});
