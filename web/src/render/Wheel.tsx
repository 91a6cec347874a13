// The Wheel of Fortune board: its 12 landscape squares drawn like tiles, then the wheel with its six
// sectors (name and icon), the crown spaces with the followers on them, and the pig on its sector.
import { CrownSpaces, Sector } from '../model';
import { Crown, Meeple, PALETTE, Pig, SectorIcon } from './art';
import { WheelBoardDrawing, regionPath } from './geometry';
import { TileBody } from './Tile';
import { pickable } from './pickable';

const SECTOR_FILLS = ['#f6e7b0', '#efd9a6', '#f6e7b0', '#efd9a6', '#f6e7b0', '#efd9a6'];

export interface WheelProps {
  d: WheelBoardDrawing;
  /** Landscape square of the board's corner (0, 0). */
  x: number;
  y: number;
  pig: Sector | null;
  crowns: CrownSpaces[];
  sectorName: (s: Sector) => string;
  /** Sectors whose free crown space may be taken now (clickable). */
  offer: Sector[];
  onCrown?: (s: Sector) => void;
  /** What a screen reader calls an offered crown space (in the page's language). */
  crownLabel: (s: Sector) => string;
  /** A crown space picked but not yet confirmed: a ghost follower on the sector's first free space. */
  chosen: { sector: Sector; seat: number } | null;
  /** The sector to flash (a wheel event just happened there). */
  flash: Sector | null;
}

export function WheelBoard(p: WheelProps) {
  const { d } = p;
  const w = d.wheel;
  return (
    <g transform={`translate(${p.x} ${p.y})`} class="wheel-board">
      <rect width={d.size} height={d.size} fill={PALETTE.field} />
      {d.squares.map((sq) => (
        <TileBody d={sq} ground={false} />
      ))}
      <rect width={d.size} height={d.size} fill="none" stroke={PALETTE.tileEdge} stroke-width={0.02} />
      <circle cx={w.centre.x} cy={w.centre.y} r={w.radius + 0.03} fill="#6b4a2a" />
      {w.sectors.map((s, i) => {
        const crowns = p.crowns.find((c) => c.sector === s.sector);
        const mid = ((s.startDegrees + s.endDegrees) / 2) * (Math.PI / 180);
        // From the hub outwards along the sector's middle: the pig (inner ring), the icon and the name, the crowns
        // (outer ring). The icon stands above its name, not nearer the hub along the radius: a name runs across
        // the page, and on the four slanted sectors an icon one step further in along the radius sat on it.
        const at = (r: number) => ({ x: w.centre.x + Math.cos(mid) * r, y: w.centre.y + Math.sin(mid) * r });
        const middle = at(w.radius * 0.47);
        const icon = { x: middle.x, y: middle.y - 0.11 };
        const label = { x: middle.x, y: middle.y + 0.12 };
        const offered = p.offer.includes(s.sector);
        return (
          <g class={`sector sector-${s.sector.toLowerCase()}${p.flash === s.sector ? ' flash' : ''}`} data-sector={s.sector}>
            <path d={regionPath(s.region)} fill={SECTOR_FILLS[i % 6]} stroke="#6b4a2a" stroke-width={0.025} />
            <SectorIcon sector={s.sector} x={icon.x} y={icon.y} s={0.27} />
            <text
              x={label.x}
              y={label.y}
              text-anchor="middle"
              dominant-baseline="middle"
              font-size={0.12}
              font-family="Georgia, 'Times New Roman', serif"
              font-weight="bold"
              fill="#4a3620"
            >
              {p.sectorName(s.sector)}
            </text>
            {s.crownSpaces.map((c, j) => {
              const seat = crowns?.occupants[j] ?? null;
              const ghost = p.chosen?.sector === s.sector && seat === null && (crowns?.occupants.indexOf(null) ?? j) === j;
              return (
                <g
                  class={offered && seat === null ? 'crown offer' : 'crown'}
                  data-sector={s.sector}
                  onClick={offered && seat === null ? () => p.onCrown?.(s.sector) : undefined}
                  {...(offered && seat === null ? pickable(p.crownLabel(s.sector), () => p.onCrown?.(s.sector)) : {})}
                >
                  <Crown x={c.x} y={c.y} r={0.13} />
                  {seat !== null && <Meeple seat={seat} x={c.x} y={c.y} size={0.2} />}
                  {ghost && <Meeple seat={p.chosen!.seat} x={c.x} y={c.y} size={0.2} ghost />}
                  {offered && seat === null && <circle cx={c.x} cy={c.y} r={0.17} class="crown-ring" />}
                </g>
              );
            })}
          </g>
        );
      })}
      <circle cx={w.centre.x} cy={w.centre.y} r={w.hubRadius} fill="#8a6238" stroke="#4a3620" stroke-width={0.03} />
      {p.pig &&
        (() => {
          const s = w.sectors.find((s) => s.sector === p.pig);
          if (!s) return null;
          // Just outside the hub on its sector, nose clockwise (along the tangent).
          const deg = (s.startDegrees + s.endDegrees) / 2;
          const r = w.hubRadius + 0.13;
          const x = w.centre.x + Math.cos((deg * Math.PI) / 180) * r, y = w.centre.y + Math.sin((deg * Math.PI) / 180) * r;
          return <Pig x={x} y={y} s={0.26} angle={deg + 90} />;
        })()}
    </g>
  );
}
