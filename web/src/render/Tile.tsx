// One tile drawn from the engine's geometry: fields green, roads pale, cities stone with walls, roofs and
// pennants, the cloister, crop circles with their symbol, wheel numbers. The tile is drawn in its printed
// orientation and turned by an SVG transform about its centre, as a real tile is turned on the table.
import { memo } from 'preact/compat';
import { Cloister, CropIcon, PALETTE, Pennant } from './art';
import { Region, TileDrawing, regionPath } from './geometry';

/** Colours of the wheel-number discs (1, 2, 3), as printed on the Wheel of Fortune tiles. */
const WHEEL_NUMBER_COLOURS = ['#f1c40f', '#e67e22', '#c0392b'];

/** Shared SVG definitions: the roof pattern of cities. Put once in the board's <svg>. */
export function TileDefs() {
  return (
    <defs>
      <pattern id="roofs" width={0.26} height={0.22} patternUnits="userSpaceOnUse" patternTransform="rotate(-8)">
        <g opacity={0.75}>
          <rect x={0.03} y={0.07} width={0.07} height={0.045} fill="#efe0bf" stroke="#8a6a44" stroke-width={0.005} />
          <path d="M0.022 0.072L0.065 0.035L0.108 0.072Z" fill="#b4553a" stroke="#6e2f1e" stroke-width={0.005} />
          <rect x={0.155} y={0.175} width={0.06} height={0.04} fill="#efe0bf" stroke="#8a6a44" stroke-width={0.005} />
          <path d="M0.148 0.177L0.185 0.145L0.222 0.177Z" fill="#a94a33" stroke="#6e2f1e" stroke-width={0.005} />
        </g>
      </pattern>
      <pattern id="crop-rings" width={0.05} height={0.05} patternUnits="userSpaceOnUse">
        <path d="M0 0.025h0.05" stroke="#cdb453" stroke-width={0.012} />
      </pattern>
    </defs>
  );
}

function bbox(r: Region) {
  let minX = 1, minY = 1, maxX = 0, maxY = 0;
  for (const ring of r.rings)
    for (const p of ring) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  return { w: maxX - minX, h: maxY - minY };
}

type Body = Pick<TileDrawing, 'features' | 'areas'> & Partial<Pick<TileDrawing, 'cropMark' | 'wheelNumber'>>;

/** The shapes of a tile or a wheel-board square, in whatever coordinates its geometry uses. */
export function TileBody({ d, ground }: { d: Body; ground?: boolean }) {
  const fields = d.features.filter((f) => f.kind === 'FIELD');
  const roads = d.features.filter((f) => f.kind === 'ROAD');
  const cities = d.features.filter((f) => f.kind === 'CITY');
  const cloisters = d.features.filter((f) => f.kind === 'CLOISTER');
  return (
    <>
      {ground !== false && <rect width={1} height={1} fill={PALETTE.field} />}
      {fields.map((f) => (
        <path d={regionPath(f.region)} fill={PALETTE.field} fill-rule="evenodd" stroke={PALETTE.fieldEdge} stroke-width={0.004} />
      ))}
      {d.areas.map((a) =>
        a.kind === 'CROP_CIRCLE' ? (
          <g>
            <path d={regionPath(a.region)} fill={PALETTE.crop} fill-rule="evenodd" />
            <path d={regionPath(a.region)} fill="url(#crop-rings)" fill-rule="evenodd" stroke="#b39a3c" stroke-width={0.006} />
          </g>
        ) : a.kind === 'JUNCTION' ? (
          <path d={regionPath(a.region)} fill="#c7a77a" fill-rule="evenodd" stroke="#6d5232" stroke-width={0.01} />
        ) : (
          <path d={regionPath(a.region)} fill={PALETTE.wheel} fill-rule="evenodd" />
        ),
      )}
      {roads.map((f) => (
        <path d={regionPath(f.region)} fill={PALETTE.road} fill-rule="evenodd" stroke={PALETTE.roadEdge} stroke-width={0.008} />
      ))}
      {cities.map((f) => (
        <g>
          <path d={regionPath(f.region)} fill={PALETTE.city} fill-rule="evenodd" />
          <path d={regionPath(f.region)} fill="url(#roofs)" fill-rule="evenodd" stroke={PALETTE.cityWall} stroke-width={0.022} stroke-linejoin="round" />
          {f.pennants.map((p) => (
            <Pennant x={p.centre.x} y={p.centre.y} r={p.radius * 1.3} />
          ))}
        </g>
      ))}
      {cloisters.map((f) => {
        const b = bbox(f.region);
        return (
          <g>
            <path d={regionPath(f.region)} fill="#a7cf6b" fill-rule="evenodd" />
            <Cloister x={f.anchor.x} y={f.anchor.y} s={Math.min(b.w, b.h) * 0.95} />
          </g>
        );
      })}
      {d.cropMark && <CropIcon symbol={d.cropMark.symbol} x={d.cropMark.centre.x} y={d.cropMark.centre.y} r={d.cropMark.radius} />}
      {d.wheelNumber && (
        <g transform={`translate(${d.wheelNumber.centre.x} ${d.wheelNumber.centre.y}) scale(${d.wheelNumber.radius})`}>
          <circle r={1} fill={WHEEL_NUMBER_COLOURS[(d.wheelNumber.value - 1) % 3]} stroke="#4a3620" stroke-width={0.12} />
          <path d="M0 -1V1M-1 0H1M-0.7 -0.7L0.7 0.7M-0.7 0.7L0.7 -0.7" stroke="#4a3620" stroke-width={0.06} opacity={0.4} />
          <text y={0.38} text-anchor="middle" font-size={1.15} font-weight="bold" fill="#222" font-family="Georgia, serif">
            {d.wheelNumber.value}
          </text>
        </g>
      )}
    </>
  );
}

/** The tile's art alone, turned; memoised because a board redraws often and tiles never change. */
export const TileArt = memo(function TileArt(props: { d: TileDrawing; rotation: number }) {
  return (
    <g transform={props.rotation ? `rotate(${props.rotation} 0.5 0.5)` : undefined}>
      <TileBody d={props.d} />
      <rect width={1} height={1} fill="none" stroke={PALETTE.tileEdge} stroke-width={0.01} />
    </g>
  );
});
