// The end of the game: the final scores per seat and kind (road, city, cloister, field, wheel events,
// crowns) with the winners marked, and a chart of every seat's score over the game.
import { GameView, SCORE_KINDS } from '../model';
import { SEAT_COLOURS } from '../render/art';
import { useLang } from './i18n';

/** The chart's series: the view's score history when it covers every ply up to the view's, else null. */
export function chartSeries(view: GameView): number[][] | null {
  const h = view.scoreHistory;
  return h && h.length === view.ply + 1 ? h : null;
}

/** Every seat's score after each ply (x: plies, from 0). */
export function ScoreChart({ series, names }: { series: number[][]; names: string[] }) {
  const { t } = useLang();
  if (series.length < 2) return null;
  const w = 320, h = 160, pad = 24;
  const max = Math.max(10, ...series.flat());
  const x = (i: number) => pad + ((w - 2 * pad) * i) / (series.length - 1);
  const y = (v: number) => h - pad - ((h - 2 * pad) * v) / max;
  const players = series[0].length;
  return (
    <figure class="chart">
      <figcaption>{t('game.chart')}</figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t('game.chart')} data-plies={series.length - 1} data-last={series.at(-1)!.join(',')}>
        <line x1={pad} y1={h - pad} x2={w - pad} y2={h - pad} stroke="#9c8c70" />
        <line x1={pad} y1={pad} x2={pad} y2={h - pad} stroke="#9c8c70" />
        <text x={pad - 4} y={pad + 4} text-anchor="end" font-size={9} fill="#7a6a55">{max}</text>
        <text x={pad - 4} y={h - pad} text-anchor="end" font-size={9} fill="#7a6a55">0</text>
        {Array.from({ length: players }, (_, s) => (
          <polyline
            class="chart-line"
            data-seat={s}
            fill="none"
            stroke={SEAT_COLOURS[s]}
            stroke-width={2}
            points={series.map((row, i) => `${x(i).toFixed(1)},${y(row[s]).toFixed(1)}`).join(' ')}
          >
            <title>{names[s]}</title>
          </polyline>
        ))}
      </svg>
    </figure>
  );
}

export function EndOfGame({ view, names }: { view: GameView; names: string[] }) {
  const { t } = useLang();
  // The server sends the scores of every ply with the view, so a page that joined late draws the whole game too.
  const series = chartSeries(view);
  return (
    <section class="end" data-winners={view.winners.join(',')}>
      <h3>{t('game.finalScores')}</h3>
      <table class="breakdown">
        <thead>
          <tr>
            <th />
            {SCORE_KINDS.map((k) => (
              <th>{t(`score.${k}`)}</th>
            ))}
            <th>{t('score.total')}</th>
          </tr>
        </thead>
        <tbody>
          {view.seats.map((s) => (
            <tr data-seat={s.seat} class={view.winners.includes(s.seat) ? 'winner' : ''}>
              <th>
                <span class="swatch" style={{ background: SEAT_COLOURS[s.seat] }} />
                {names[s.seat]}
                {view.winners.includes(s.seat) && <span class="crown-mark" title={t('game.winner')}> ♛</span>}
              </th>
              {SCORE_KINDS.map((k) => (
                <td data-kind={k}>{s.scoreByKind[k] ?? 0}</td>
              ))}
              <td class="total" data-total={s.score}>
                {s.score}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {series && <ScoreChart series={series} names={names} />}
    </section>
  );
}
