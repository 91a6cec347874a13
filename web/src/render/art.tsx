// Small vector pictures used on the board: followers, pennants, the cloister, crop-circle symbols, crowns,
// the pig and the six sector icons. Each is drawn in a box of size 1 centred on (0, 0), to be placed with a
// transform; no bitmaps anywhere.
import { CropSymbol, Sector } from '../model';

/** Seat colours in seat order: red, blue, yellow, green, black, as the wooden followers. */
export const SEAT_COLOURS = ['#d2232a', '#1f5fd1', '#f2c230', '#1f8a3b', '#2b2b2b'];
export const SEAT_INK = ['#fff', '#fff', '#222', '#fff', '#fff'];

export const PALETTE = {
  field: '#8cbf4f',
  fieldEdge: '#6e9d3a',
  road: '#f1e6c8',
  roadEdge: '#a8946a',
  city: '#d8bf92',
  cityWall: '#7b5a34',
  roof: '#b5452b',
  crop: '#e6cf6f',
  cloister: '#f3ead6',
  wheel: '#f4ecd8',
  tileEdge: 'rgba(40,40,20,0.35)',
};

const MEEPLE =
  'M0 -0.5C0.1 -0.5 0.16 -0.43 0.16 -0.34C0.16 -0.27 0.12 -0.22 0.08 -0.19C0.2 -0.17 0.38 -0.12 0.47 -0.06' +
  'C0.52 -0.03 0.5 0.06 0.44 0.06C0.36 0.06 0.25 0.03 0.18 0.02C0.2 0.15 0.28 0.32 0.34 0.45C0.36 0.5 0.33 0.5 0.28 0.5' +
  'L0.1 0.5C0.07 0.38 0.04 0.3 0 0.26C-0.04 0.3 -0.07 0.38 -0.1 0.5L-0.28 0.5C-0.33 0.5 -0.36 0.5 -0.34 0.45' +
  'C-0.28 0.32 -0.2 0.15 -0.18 0.02C-0.25 0.03 -0.36 0.06 -0.44 0.06C-0.5 0.06 -0.52 -0.03 -0.47 -0.06' +
  'C-0.38 -0.12 -0.2 -0.17 -0.08 -0.19C-0.12 -0.22 -0.16 -0.27 -0.16 -0.34C-0.16 -0.43 -0.1 -0.5 0 -0.5Z';

/** A follower; farmers lie down as on the table. */
export function Meeple(props: { seat: number; lying?: boolean; size: number; x: number; y: number; ghost?: boolean }) {
  const { seat, lying, size, x, y, ghost } = props;
  return (
    <path
      class={ghost ? 'meeple ghost' : 'meeple'}
      d={MEEPLE}
      transform={`translate(${x} ${y}) scale(${size}) ${lying ? 'rotate(-90)' : ''}`}
      fill={SEAT_COLOURS[seat % SEAT_COLOURS.length]}
      stroke="#1a1a1a"
      stroke-width={0.06}
      stroke-linejoin="round"
    />
  );
}

/** A city's pennant: a blue shield with a white cross. */
export function Pennant(props: { x: number; y: number; r: number }) {
  const { x, y, r } = props;
  return (
    <g transform={`translate(${x} ${y}) scale(${r})`}>
      <path d="M-0.8 -0.85H0.8V0.05C0.8 0.55 0.35 0.85 0 1C-0.35 0.85 -0.8 0.55 -0.8 0.05Z" fill="#2556a8" stroke="#f5f0e0" stroke-width={0.16} />
      <path d="M0 -0.6V0.75M-0.55 -0.1H0.55" stroke="#f5f0e0" stroke-width={0.22} />
    </g>
  );
}

/** The cloister: a chapel with a red roof and a bell tower, drawn in a box of `s` centred at (x, y). */
export function Cloister(props: { x: number; y: number; s: number }) {
  const { x, y, s } = props;
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} class="cloister">
      <rect x={-0.42} y={-0.05} width={0.7} height={0.42} fill={PALETTE.cloister} stroke="#5b4630" stroke-width={0.03} />
      <path d="M-0.48 0 L-0.07 -0.3 L0.34 0Z" fill={PALETTE.roof} stroke="#5b2a1d" stroke-width={0.03} />
      <rect x={0.2} y={-0.42} width={0.2} height={0.79} fill={PALETTE.cloister} stroke="#5b4630" stroke-width={0.03} />
      <path d="M0.16 -0.4 L0.3 -0.56 L0.44 -0.4Z" fill={PALETTE.roof} stroke="#5b2a1d" stroke-width={0.03} />
      <path d="M-0.15 0.37V0.16A0.08 0.08 0 0 1 0.01 0.16V0.37Z" fill="#5b4630" />
      <path d="M0.3 -0.72V-0.58M0.25 -0.66H0.35" stroke="#5b2a1d" stroke-width={0.03} />
    </g>
  );
}

/** Crop-circle symbols: pitchfork (farmers), club (thieves), shield (knights). */
export function CropIcon(props: { symbol: CropSymbol; x: number; y: number; r: number }) {
  const { symbol, x, y, r } = props;
  const ink = '#6b5a1e';
  let body;
  if (symbol === 'PITCHFORK') {
    body = (
      <g stroke={ink} stroke-width={0.12} fill="none" stroke-linecap="round">
        <path d="M0 0.8V-0.2M-0.4 -0.75V-0.25Q-0.4 -0.05 0 -0.05Q0.4 -0.05 0.4 -0.25V-0.75M0 -0.2V-0.75" />
      </g>
    );
  } else if (symbol === 'CLUB') {
    body = <path d="M-0.12 0.8L-0.06 -0.1Q-0.35 -0.3 -0.25 -0.6Q-0.1 -0.9 0.2 -0.75Q0.42 -0.55 0.2 -0.15L0.12 0.8Z" fill={ink} />;
  } else {
    body = <path d="M-0.6 -0.7H0.6V0C0.6 0.45 0.3 0.7 0 0.82C-0.3 0.7 -0.6 0.45 -0.6 0Z" fill="none" stroke={ink} stroke-width={0.14} />;
  }
  return (
    <g transform={`translate(${x} ${y}) scale(${r})`} class="crop-icon">
      <circle r={1} fill="none" stroke={ink} stroke-width={0.06} stroke-dasharray="0.12 0.08" />
      {body}
    </g>
  );
}

/** A crown space: a golden crown on a disc; `occupant` shows the follower standing on it. */
export function Crown(props: { x: number; y: number; r: number }) {
  const { x, y, r } = props;
  return (
    <g transform={`translate(${x} ${y}) scale(${r})`}>
      <circle r={1} fill="#fff6d8" stroke="#b8901c" stroke-width={0.1} />
      <path d="M-0.6 0.35L-0.7 -0.35L-0.3 0L0 -0.5L0.3 0L0.7 -0.35L0.6 0.35Z" fill="#e7b923" stroke="#8a6a12" stroke-width={0.07} stroke-linejoin="round" />
    </g>
  );
}

/** The pink pig, facing right (clockwise). */
export function Pig(props: { x: number; y: number; s: number; angle?: number }) {
  const { x, y, s, angle = 0 } = props;
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle}) scale(${s})`} class="pig">
      <ellipse cx={0} cy={0} rx={0.5} ry={0.32} fill="#f4a6b8" stroke="#9b4660" stroke-width={0.04} />
      <circle cx={0.45} cy={-0.08} r={0.2} fill="#f4a6b8" stroke="#9b4660" stroke-width={0.04} />
      <ellipse cx={0.62} cy={-0.05} rx={0.07} ry={0.09} fill="#e98aa2" stroke="#9b4660" stroke-width={0.03} />
      <path d="M0.38 -0.25L0.45 -0.38L0.5 -0.24Z" fill="#e98aa2" stroke="#9b4660" stroke-width={0.03} />
      <circle cx={0.5} cy={-0.13} r={0.03} fill="#222" />
      <path d="M-0.5 -0.05q-0.15 -0.1 -0.1 -0.2" fill="none" stroke="#9b4660" stroke-width={0.04} />
      <path d="M-0.3 0.28v0.14M-0.1 0.3v0.14M0.15 0.3v0.14M0.32 0.26v0.14" stroke="#9b4660" stroke-width={0.07} stroke-linecap="round" />
    </g>
  );
}

/** One icon per sector, in a box of size 1 centred on (0, 0). */
export function SectorIcon(props: { sector: Sector; x: number; y: number; s: number }) {
  const { sector, x, y, s } = props;
  const ink = '#4a3620';
  let body;
  switch (sector) {
    case 'FORTUNE': // a gold coin with a star
      body = (
        <g>
          <circle r={0.42} fill="#f1c40f" stroke={ink} stroke-width={0.05} />
          <path d="M0 -0.26L0.07 -0.08L0.25 -0.08L0.1 0.03L0.16 0.22L0 0.1L-0.16 0.22L-0.1 0.03L-0.25 -0.08L-0.07 -0.08Z" fill="#fff4b8" />
        </g>
      );
      break;
    case 'TAX': // a purse
      body = (
        <g>
          <path d="M-0.15 -0.3Q0 -0.2 0.15 -0.3L0.1 -0.15Q0.42 0 0.36 0.28Q0.3 0.42 0 0.42Q-0.3 0.42 -0.36 0.28Q-0.42 0 -0.1 -0.15Z" fill="#a0703c" stroke={ink} stroke-width={0.05} />
          <path d="M-0.12 -0.15H0.12" stroke="#f1c40f" stroke-width={0.06} />
        </g>
      );
      break;
    case 'FAMINE': // an empty bowl
      body = (
        <g>
          <path d="M-0.42 -0.05H0.42Q0.4 0.35 0 0.38Q-0.4 0.35 -0.42 -0.05Z" fill="#c99a5b" stroke={ink} stroke-width={0.05} />
          <path d="M-0.05 -0.42Q-0.12 -0.28 -0.03 -0.15M0.1 -0.38Q0.03 -0.26 0.1 -0.15" fill="none" stroke={ink} stroke-width={0.04} />
        </g>
      );
      break;
    case 'STORM': // a cloud with lightning
      body = (
        <g>
          <path d="M-0.35 0.05Q-0.45 -0.2 -0.2 -0.22Q-0.12 -0.42 0.1 -0.32Q0.35 -0.38 0.38 -0.12Q0.5 0.05 0.3 0.08Z" fill="#8fa3b8" stroke={ink} stroke-width={0.05} />
          <path d="M0 0.02L-0.12 0.25H0.02L-0.06 0.45L0.16 0.16H0.03L0.1 0.02Z" fill="#f1c40f" stroke={ink} stroke-width={0.03} />
        </g>
      );
      break;
    case 'INQUISITION': // a cross over a flame
      body = (
        <g>
          <path d="M0 0.42Q-0.3 0.38 -0.25 0.1Q-0.2 -0.1 -0.05 -0.2Q-0.1 0 0.05 0.05Q0.05 -0.2 0.18 -0.3Q0.35 0 0.25 0.2Q0.2 0.4 0 0.42Z" fill="#e67e22" stroke={ink} stroke-width={0.04} />
          <path d="M0 -0.45V0.05M-0.14 -0.3H0.14" stroke="#5d3a1a" stroke-width={0.07} />
        </g>
      );
      break;
    case 'PLAGUE': // a skull
      body = (
        <g>
          <path d="M-0.3 0Q-0.32 -0.38 0 -0.38Q0.32 -0.38 0.3 0Q0.28 0.12 0.18 0.16V0.3H-0.18V0.16Q-0.28 0.12 -0.3 0Z" fill="#eeeadf" stroke={ink} stroke-width={0.05} />
          <circle cx={-0.12} cy={-0.06} r={0.07} fill={ink} />
          <circle cx={0.12} cy={-0.06} r={0.07} fill={ink} />
          <path d="M-0.08 0.3V0.2M0 0.3V0.2M0.08 0.3V0.2" stroke={ink} stroke-width={0.03} />
        </g>
      );
      break;
  }
  return <g transform={`translate(${x} ${y}) scale(${s})`}>{body}</g>;
}
