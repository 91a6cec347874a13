// The board: every placed tile from the engine's geometry, the wheel board, followers, and the marks and
// choices of the current decision. Pan by dragging, zoom with the wheel or a pinch, "fit board" on request.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CrownSpaces, FeatureValue, Follower, PlacedTile, Position, Sector, SquareFeature, Spot, posKey } from '../model';
import { Meeple } from '../render/art';
import { Drawings, Pt, regionPath, turned } from '../render/geometry';
import { valueAt } from '../logic/log';
import { TileArt, TileDefs } from '../render/Tile';
import { WheelBoard } from '../render/Wheel';
import { pickable } from '../render/pickable';
import { useLang } from './i18n';
import { KIND_COLOUR, Placements, Tentative } from '../logic/turn';
import { Viewport, fit, pan, squaresBounds, zoomAt } from '../logic/viewport';

/** How far (in squares) a follower stands beside another on the same square and feature. */
const STACK_STEP = 0.16;

export interface Flash {
  key: number;
  /** The scored feature's shape on each of its squares (empty from a server that does not send them). */
  features: SquareFeature[];
  /** Its squares: where the points are written, and what lights up when the features are not known. */
  squares: Position[];
  label: string;
}

export interface BoardProps {
  drawings: Drawings;
  board: PlacedTile[];
  followers: Follower[];
  pig: Sector | null;
  crowns: CrownSpaces[];
  sectorName: (s: Sector) => string;
  /** Legal squares of my PLACE_TILE decision (empty otherwise). */
  placements: Placements;
  tentative: Tentative | null;
  drawnTile: string | null;
  onSquare?: (p: Position) => void;
  spots: Spot[];
  onSpot?: (s: Spot) => void;
  /** The spot picked but not yet confirmed: a ghost follower (deploy, add) or a cross (return) marks it. */
  chosen: { spot: Spot; seat: number; returning: boolean } | null;
  chosenCrown: { sector: Sector; seat: number } | null;
  crownOffer: Sector[];
  onCrown?: (s: Sector) => void;
  lastPlaced: Position | null;
  sinceMine: Position[];
  flashes: Flash[];
  wheelFlash: Sector | null;
  /** Changing this number fits the board to the screen. */
  fitRequest: number;
  /** What each occupied feature would score if the game ended now: shown when a follower is pointed at or tapped. */
  featureValues: FeatureValue[];
  /** The lines of the tip for a feature value (in the page's language). */
  describeValue: (v: FeatureValue) => string[];
  /** A feature to outline (pointed at in the side panel). */
  highlight: FeatureValue | null;
}

/** Where the anchor of feature `feature` of a placed tile lies on the board. */
export function anchorOn(drawings: Drawings, t: PlacedTile, feature: number): Pt | null {
  const f = drawings.tiles[t.tile]?.features[feature];
  if (!f) return null;
  const a = turned(f.anchor, t.rotation);
  return { x: t.x + a.x, y: t.y + a.y };
}

/**
 * The outline of feature `feature` of the square at (x, y) as SVG path data with the transform that puts it on the
 * board: a tile's region turned with the tile, or a wheel board square's region in the board's box.
 */
export function featureOutline(
  drawings: Drawings,
  byKey: Map<string, PlacedTile>,
  wheelAt: Position | null,
  f: SquareFeature,
): { d: string; transform: string } | null {
  const t = byKey.get(posKey(f.square));
  if (!t) return null;
  if (t.boardSquare) {
    const sq = wheelAt ? drawings.wheelBoard?.squares.find((q) => q.x === t.x - wheelAt.x && q.y === t.y - wheelAt.y) : null;
    const shape = sq?.features[f.feature];
    return shape && wheelAt ? { d: regionPath(shape.region), transform: `translate(${wheelAt.x} ${wheelAt.y})` } : null;
  }
  const shape = drawings.tiles[t.tile]?.features[f.feature];
  if (!shape) return null;
  return { d: regionPath(shape.region), transform: `translate(${t.x} ${t.y})${t.rotation ? ` rotate(${t.rotation} 0.5 0.5)` : ''}` };
}

export function Board(p: BoardProps) {
  const { t: tr } = useLang();
  const host = useRef<HTMLDivElement>(null);
  const [vp, setVp] = useState<Viewport>({ scale: 60, tx: 200, ty: 200 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const landscape = p.board.filter((t) => !t.boardSquare);
  const boardSquares = p.board.filter((t) => t.boardSquare);
  const wheelAt = boardSquares.length
    ? { x: Math.min(...boardSquares.map((t) => t.x)), y: Math.min(...boardSquares.map((t) => t.y)) }
    : null;
  const byKey = new Map(p.board.map((t) => [posKey(t), t]));
  // The follower pointed at (mouse) or tapped (touch, kept until tapped again): its feature's value is shown.
  const [pointed, setPointed] = useState<Follower | null>(null);
  const [pinned, setPinned] = useState<Follower | null>(null);
  const shownFollower = pinned ?? pointed;
  const shownValue = shownFollower ? valueAt(p.featureValues, shownFollower.x!, shownFollower.y!, shownFollower.feature!) : null;
  const outlined = shownValue ?? p.highlight;
  const outlines = (features: SquareFeature[], cls: string) =>
    features.map((f) => {
      const o = featureOutline(p.drawings, byKey, wheelAt, f);
      return o ? <path class={cls} d={o.d} transform={o.transform} fill-rule="evenodd" /> : null;
    });

  // The board follows the game (fits itself as it grows) until the player pans or zooms; "fit board"
  // hands it back to the game.
  const userMoved = useRef(false);
  const doFit = () => {
    const el = host.current;
    if (!el) return;
    const ps: Position[] = [...p.board, ...[...p.placements.values()]];
    setVp(fit(squaresBounds(ps, 0.3), el.clientWidth, el.clientHeight));
  };
  useLayoutEffect(() => {
    userMoved.current = false;
    doFit();
  }, [p.fitRequest]);
  useLayoutEffect(() => {
    if (!userMoved.current) doFit();
  }, [p.board.length, p.placements.size]);
  const fitRef = useRef(doFit);
  fitRef.current = doFit;
  useEffect(() => {
    const el = host.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (!userMoved.current) fitRef.current();
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const r = host.current!.getBoundingClientRect();
    userMoved.current = true;
    setVp((v) => zoomAt(v, e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * 0.0015)));
  };
  useEffect(() => {
    const el = host.current!;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) dragged.current = false;
  };
  const onPointerMove = (e: PointerEvent) => {
    const ps = pointers.current;
    const prev = ps.get(e.pointerId);
    if (!prev) return;
    if (ps.size === 1) {
      const dx = e.clientX - prev.x, dy = e.clientY - prev.y;
      if (Math.abs(dx) + Math.abs(dy) > 0) {
        if (!dragged.current && Math.hypot(dx, dy) < 4) return; // a click may wobble a little
        dragged.current = true;
        userMoved.current = true;
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
        setVp((v) => pan(v, dx, dy));
      }
    } else if (ps.size === 2) {
      // Pinch: zoom by the change of distance about the midpoint, and pan by the midpoint's move.
      const [a, b] = [...ps.entries()].map(([id, q]) => (id === e.pointerId ? { x: e.clientX, y: e.clientY } : q));
      const [a0, b0] = [...ps.values()];
      const d0 = Math.hypot(a0.x - b0.x, a0.y - b0.y), d1 = Math.hypot(a.x - b.x, a.y - b.y);
      const r = host.current!.getBoundingClientRect();
      const mx = (a.x + b.x) / 2 - r.left, my = (a.y + b.y) / 2 - r.top;
      const mx0 = (a0.x + b0.x) / 2 - r.left, my0 = (a0.y + b0.y) / 2 - r.top;
      dragged.current = true;
      userMoved.current = true;
      if (d0 > 0) setVp((v) => pan(zoomAt(v, mx0, my0, d1 / d0), mx - mx0, my - my0));
    }
    ps.set(e.pointerId, { x: e.clientX, y: e.clientY });
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
  };
  const click = (f: () => void) => () => {
    if (!dragged.current) f();
  };

  const drawn = p.drawnTile ? p.drawings.tiles[p.drawnTile] : null;
  const wb = p.drawings.wheelBoard;
  return (
    <div
      class="board"
      ref={host}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {/* A group, not an image: the squares, spots and crown spaces in it are buttons. */}
      <svg width="100%" height="100%" role="group">
        <TileDefs />
        <g transform={`matrix(${vp.scale} 0 0 ${vp.scale} ${vp.tx} ${vp.ty})`}>
          {wheelAt && wb && (
            <WheelBoard
              d={wb}
              x={wheelAt.x}
              y={wheelAt.y}
              pig={p.pig}
              crowns={p.crowns}
              sectorName={p.sectorName}
              crownLabel={(s) => tr('pick.crown', { sector: p.sectorName(s) })}
              offer={p.crownOffer}
              onCrown={p.onCrown}
              chosen={p.chosenCrown}
              flash={p.wheelFlash}
            />
          )}
          {landscape.map((t) => {
            const d = p.drawings.tiles[t.tile];
            return (
              <g key={posKey(t)} transform={`translate(${t.x} ${t.y})`} class="tile" data-x={t.x} data-y={t.y} data-tile={t.tile}>
                {d ? <TileArt d={d} rotation={t.rotation} /> : <rect width={1} height={1} fill="#ccc" />}
              </g>
            );
          })}
          {p.sinceMine.map((q) => (
            <rect class="mark-since" x={q.x + 0.03} y={q.y + 0.03} width={0.94} height={0.94} />
          ))}
          {p.lastPlaced && (
            <rect class="mark-last" x={p.lastPlaced.x + 0.02} y={p.lastPlaced.y + 0.02} width={0.96} height={0.96} />
          )}
          {[...p.placements.values()].map((q) =>
            p.tentative && q.x === p.tentative.x && q.y === p.tentative.y ? null : (
              <rect
                class="legal"
                data-x={q.x}
                data-y={q.y}
                x={q.x + 0.04}
                y={q.y + 0.04}
                width={0.92}
                height={0.92}
                onClick={click(() => p.onSquare?.(q))}
                {...pickable(tr('pick.square', { x: q.x, y: q.y }), () => p.onSquare?.(q))}
              />
            ),
          )}
          {p.tentative && drawn && (
            <g
              class="tentative"
              data-x={p.tentative.x}
              data-y={p.tentative.y}
              data-rotation={p.tentative.rotation}
              transform={`translate(${p.tentative.x} ${p.tentative.y})`}
              onClick={click(() => p.onSquare?.(p.tentative!))}
            >
              <TileArt d={drawn} rotation={p.tentative.rotation} />
              <rect class="tentative-ring" width={1} height={1} />
            </g>
          )}
          {outlined && <g class="value-outline">{outlines(outlined.features, 'value-feature')}</g>}
          {p.followers.map((f, i) => {
            if (f.crownSector || f.x === null || f.y === null || f.feature === null) return null;
            const t = byKey.get(posKey({ x: f.x, y: f.y }));
            const anchor = t && anchorOn(p.drawings, t, f.feature);
            if (!anchor) return null;
            // Followers named through the same square and feature (a crop-circle addition) stand side by side
            // instead of one hiding the other.
            const before = p.followers.slice(0, i).filter((g) => g.x === f.x && g.y === f.y && g.feature === f.feature).length;
            const a = { x: anchor.x + STACK_STEP * before, y: anchor.y };
            const same = (g: Follower | null) => g && g.seat === f.seat && g.x === f.x && g.y === f.y && g.feature === f.feature;
            return (
              <g
                class="follower"
                data-seat={f.seat}
                data-x={f.x}
                data-y={f.y}
                data-feature={f.feature}
                onPointerEnter={(e) => e.pointerType === 'mouse' && setPointed(f)}
                onPointerLeave={() => setPointed(null)}
                onClick={click(() => setPinned(same(pinned) ? null : f))}
                {...pickable(tr('pick.follower', { role: tr(`role.${f.kind ?? 'CITY'}`), x: f.x, y: f.y }), () =>
                  setPinned(same(pinned) ? null : f),
                )}
              >
                {/* A target larger than the meeple, for fingers on a phone's small board. */}
                <circle class="follower-hit" cx={a.x} cy={a.y} r={0.17} fill="transparent" />
                <Meeple seat={f.seat} x={a.x} y={a.y} size={0.22} lying={f.kind === 'FIELD'} />
              </g>
            );
          })}
          {p.spots.map((s) => {
            const t = byKey.get(posKey(s));
            const a = t && anchorOn(p.drawings, t, s.feature);
            if (!a) return null;
            return (
              <g
                class={`spot spot-${s.kind.toLowerCase()}`}
                data-x={s.x}
                data-y={s.y}
                data-feature={s.feature}
                data-kind={s.kind}
                onClick={click(() => p.onSpot?.(s))}
                {...pickable(tr('pick.spot', { kind: tr(`kind.${s.kind}`), x: s.x, y: s.y }), () => p.onSpot?.(s))}
              >
                <circle cx={a.x} cy={a.y} r={0.1} fill={KIND_COLOUR[s.kind]} />
                <circle cx={a.x} cy={a.y} r={0.1} class="spot-ring" />
              </g>
            );
          })}
          {p.chosen &&
            (() => {
              const t = byKey.get(posKey(p.chosen.spot));
              const a = t && anchorOn(p.drawings, t, p.chosen.spot.feature);
              if (!a) return null;
              return p.chosen.returning ? (
                <path class="chosen-return" d={`M${a.x - 0.12} ${a.y - 0.12}L${a.x + 0.12} ${a.y + 0.12}M${a.x + 0.12} ${a.y - 0.12}L${a.x - 0.12} ${a.y + 0.12}`} />
              ) : (
                <g class="chosen-follower">
                  <Meeple seat={p.chosen.seat} x={a.x} y={a.y} size={0.24} lying={p.chosen.spot.kind === 'FIELD'} ghost />
                </g>
              );
            })()}
          {p.flashes.map((f) => (
            <g class="flash" key={f.key}>
              {f.features.length > 0
                ? outlines(f.features, 'flash-feature')
                : f.squares.map((q) => <rect x={q.x} y={q.y} width={1} height={1} class="flash-square" />)}
              {f.squares.length > 0 && (
                <text
                  class="flash-points"
                  x={f.squares.reduce((s, q) => s + q.x, 0) / f.squares.length + 0.5}
                  y={Math.min(...f.squares.map((q) => q.y)) + 0.2}
                  text-anchor="middle"
                  font-size={0.32}
                >
                  {f.label}
                </text>
              )}
            </g>
          ))}
        </g>
      </svg>
      {shownFollower && shownValue && (() => {
        const t = byKey.get(posKey({ x: shownFollower.x!, y: shownFollower.y! }));
        const a = t && anchorOn(p.drawings, t, shownFollower.feature!);
        if (!a) return null;
        const [heading, ...lines] = p.describeValue(shownValue);
        return (
          <div
            class="feature-value"
            role="tooltip"
            data-kind={shownValue.kind}
            data-points={shownValue.points.join(',')}
            style={{ left: `${vp.tx + vp.scale * a.x + 14}px`, top: `${vp.ty + vp.scale * a.y - 10}px` }}
          >
            <strong>{heading}</strong>
            {lines.map((l) => (
              <div>{l}</div>
            ))}
          </div>
        );
      })()}
    </div>
  );
}
