// The replay view's chart of each seat's probability of winning after every turn (GET …/analysis), with the
// replay's current ply marked; a click moves the replay to that point of the game.
import type { GameAnalysis } from '../net/api';
import { SEAT_COLOURS } from '../render/art';
import { turnAt, winLines } from '../logic/winchart';
import { useLang } from './i18n';

const W = 300;
const H = 60;

export function WinChart(props: { analysis: GameAnalysis; players: number; ply: number; onSeek: (ply: number) => void }) {
  const { t } = useLang();
  const { analysis, players, ply, onSeek } = props;
  const maxPly = Math.max(1, analysis.ply);
  const now = turnAt(analysis.turns, ply);
  const x = (Math.min(ply, maxPly) / maxPly) * W;
  const click = (e: MouseEvent) => {
    const box = (e.currentTarget as SVGElement).getBoundingClientRect();
    if (box.width > 0) onSeek(Math.round(((e.clientX - box.left) / box.width) * maxPly));
  };
  return (
    <figure class="win-chart">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('game.winChart')} onClick={click}>
        <line x1={0} x2={W} y1={H / 2} y2={H / 2} class="win-chart-mid" />
        {winLines(analysis.turns, players, maxPly, W, H).map((points, s) => (
          <polyline points={points} fill="none" stroke={SEAT_COLOURS[s % SEAT_COLOURS.length]} stroke-width={1.5} />
        ))}
        <line x1={x} x2={x} y1={0} y2={H} class="win-chart-now" />
      </svg>
      <figcaption>
        {t('game.winChart')}
        {now && `: ${now.winProbability.map((p) => `${Math.round(p * 100)}%`).join(' · ')}`}
      </figcaption>
    </figure>
  );
}
