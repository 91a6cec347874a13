// Pan and zoom of the board as a plain transform: screen = world * scale + (tx, ty). Pure functions so
// that drag, wheel, pinch and "fit board" behave identically and are unit-tested.

export interface Viewport {
  scale: number;
  tx: number;
  ty: number;
}

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const MIN_SCALE = 8;
export const MAX_SCALE = 400;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The transform that shows the whole rectangle centred in a w×h screen with `margin` pixels all round. */
export function fit(r: Rect, w: number, h: number, margin = 24): Viewport {
  const bw = Math.max(1, r.maxX - r.minX);
  const bh = Math.max(1, r.maxY - r.minY);
  const scale = clampScale(Math.min((w - 2 * margin) / bw, (h - 2 * margin) / bh));
  return {
    scale,
    tx: w / 2 - ((r.minX + r.maxX) / 2) * scale,
    ty: h / 2 - ((r.minY + r.maxY) / 2) * scale,
  };
}

export function pan(v: Viewport, dx: number, dy: number): Viewport {
  return { scale: v.scale, tx: v.tx + dx, ty: v.ty + dy };
}

/** Zoom by `factor` keeping the world point under screen point (sx, sy) where it is. */
export function zoomAt(v: Viewport, sx: number, sy: number, factor: number): Viewport {
  const scale = clampScale(v.scale * factor);
  const k = scale / v.scale;
  return { scale, tx: sx - (sx - v.tx) * k, ty: sy - (sy - v.ty) * k };
}

export function toWorld(v: Viewport, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - v.tx) / v.scale, y: (sy - v.ty) / v.scale };
}

/** Bounding rectangle of unit squares at the given positions, grown by `pad` squares on each side. */
export function squaresBounds(ps: readonly { x: number; y: number }[], pad = 0): Rect {
  if (ps.length === 0) return { minX: -pad, minY: -pad, maxX: 1 + pad, maxY: 1 + pad };
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of ps) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x + 1);
    maxY = Math.max(maxY, p.y + 1);
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}
