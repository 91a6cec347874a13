// The game page: the board, whose decision it is, my controls when it is mine, the side panel (seats,
// drawn tile, tiles left, the log), wheel-event banners, scoring flashes, the end-of-game breakdown and
// the replay. It reconnects by itself; the seat token of an invitation is kept in localStorage.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Action, FeatureValue, GameEvent, GameStatus, GameSummary, GameView, Position, Rejection, SeatAction, Sector, Spot, posKey } from '../model';
import { ApiError, GameAnalysis, api, takeInvitation } from '../net/api';
import { Connection } from '../net/connection';
import { LoggedEvent } from '../net/sync';
import { Drawings } from '../render/geometry';
import { Meeple, SEAT_COLOURS } from '../render/art';
import { TileArt, TileDefs } from '../render/Tile';
import { WheelBoard } from '../render/Wheel';
import { Board, Flash } from './Board';
import { WinChart } from './WinChart';
import { LangSwitch, useLang } from './i18n';
import { Tentative, clickSquare, pickableSpots, placeAction, placements, rotate, spotAction, suggestion } from '../logic/turn';
import { lastPlaced, placedSinceMyTurn } from '../logic/history';
import { describe, sectorLines, valueLines } from '../logic/log';
import { seatNames } from '../logic/names';
import { points as pts, refusal } from '../i18n';
import { EndOfGame, ScoreChart, chartSeries } from './EndOfGame';
import { ClockState, clockText, remainingAt } from '../logic/clock';

let drawingsCache: Promise<Drawings> | null = null;
const loadDrawings = () => (drawingsCache ??= api.drawings());

interface Banner {
  key: number;
  title: string;
  lines: string[];
}

/** A short two-note chime for "your turn" (Web Audio; nothing to download). */
function chime() {
  try {
    const ac = new AudioContext();
    [660, 880].forEach((f, i) => {
      const o = ac.createOscillator();
      const g = ac.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, ac.currentTime + i * 0.15);
      g.gain.exponentialRampToValueAtTime(0.15, ac.currentTime + i * 0.15 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, ac.currentTime + i * 0.15 + 0.3);
      o.connect(g).connect(ac.destination);
      o.start(ac.currentTime + i * 0.15);
      o.stop(ac.currentTime + i * 0.15 + 0.32);
    });
  } catch {
    // No audio device: the title still says it.
  }
}

export function GamePage({ gameId }: { gameId: string }) {
  const { t, lang } = useLang();
  const seat = useMemo(() => {
    const s = takeInvitation(gameId, location.hash, localStorage);
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    return s;
  }, [gameId]);
  const token = seat?.token ?? null;
  const [drawings, setDrawings] = useState<Drawings | null>(null);
  const [view, setView] = useState<GameView | null>(null);
  const [log, setLog] = useState<LoggedEvent[]>([]);
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [presence, setPresence] = useState<boolean[]>([]);
  const [status, setStatus] = useState<GameStatus | null>(null);
  const [standIns, setStandIns] = useState<boolean[]>([]);
  const [clock, setClock] = useState<ClockState | null>(null);
  // While a clock runs, the page re-renders every second to count the deciding seat's time down.
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (clock?.deciding == null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [clock]);
  const [online, setOnline] = useState(true);
  const [tentative, setTentative] = useState<Tentative | null>(null);
  const [chosen, setChosen] = useState<{ action: Action; spot: Spot | null; sector: Sector | null } | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [flashes, setFlashes] = useState<Flash[]>([]);
  /** A feature of mine pointed at in the side panel: outlined on the board. */
  const [highlight, setHighlight] = useState<FeatureValue | null>(null);
  const [wheelFlash, setWheelFlash] = useState<Sector | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The button a hint suggests pressing (pass, or a crop-circle option), outlined until the view changes. */
  const [hinted, setHinted] = useState<string | null>(null);
  const [fitRequest, setFitRequest] = useState(0);
  const [showEnd, setShowEnd] = useState(true);
  const [replay, setReplay] = useState<{ ply: number; view: GameView | null } | null>(null);
  const [sound, setSound] = useState(() => localStorage.getItem('fortuna.sound') === 'on');
  const conn = useRef<Connection | null>(null);
  const flashKey = useRef(0);
  /** Square features lit by scoring flashes so far (a page attribute, for the end-to-end test). */
  const [flashedFeatures, setFlashedFeatures] = useState(0);
  const namesRef = useRef<string[]>([]);
  const tRef = useRef(t);
  const langRef = useRef(lang);
  tRef.current = t;
  langRef.current = lang;

  useEffect(() => {
    loadDrawings().then(setDrawings, (e) => setProblem(String(e)));
  }, []);

  const refreshSummary = () => api.summary(gameId).then(setSummary, () => {});
  useEffect(() => {
    refreshSummary();
  }, [gameId]);

  // Join (claims the seat under its name; repeated joins are harmless), then connect.
  useEffect(() => {
    let c: Connection | null = null;
    let cancelled = false;
    const start = async () => {
      if (token) {
        try {
          await api.join(gameId, token, null);
        } catch (e) {
          if (e instanceof ApiError && e.rejection.code === 'BAD_TOKEN') setProblem(refusal(tRef.current, e.rejection));
        }
      }
      if (cancelled) return;
      c = new Connection(
        gameId,
        token,
        {
          view: (v, fresh, action) => onView(v, fresh, action),
          rejected: (r) => onRejected(r),
          clock: setClock,
          logged: () => setLog(c ? c.sync.log.slice() : []),
          presence: (p) => {
            setPresence(p.connected);
            setStandIns(p.standIn ?? []);
            setStatus(p.status);
            refreshSummary();
          },
        },
        setOnline,
        sessionStorage,
      );
      conn.current = c;
    };
    start();
    return () => {
      cancelled = true;
      c?.close();
    };
  }, [gameId, token]);

  const showError = (e: unknown) => {
    setProblem(t('game.rejected', { message: e instanceof ApiError ? refusal(t, e.rejection) : String(e) }));
    setTimeout(() => setProblem(null), 5000);
  };

  const onRejected = (r: Rejection) => {
    setProblem(tRef.current('game.rejected', { message: refusal(tRef.current, r) }));
    setTimeout(() => setProblem(null), 5000);
  };

  const onView = (v: GameView, fresh: GameEvent[], _action: SeatAction | null) => {
    setView(v);
    setLog(conn.current ? conn.current.sync.log.slice() : []);
    tentRef.current = null;
    chosenRef.current = null;
    setTentative(null);
    setChosen(null);
    setHinted(null);
    setHighlight(null); // a feature of the previous view: its value and shape may have changed
    // The connection keeps the first render's handler: read the language from refs, not from that render.
    const names = namesRef.current;
    const t = tRef.current;
    const lang = langRef.current;
    const newFlashes: Flash[] = [];
    for (const e of fresh) {
      if (e.type === 'feature-scored' && e.points.some((p) => p > 0)) {
        newFlashes.push({ key: ++flashKey.current, features: e.features, squares: e.squares, label: '+' + Math.max(...e.points) });
      } else if (e.type === 'sector-resolved') {
        setWheelFlash(e.sector);
        setBanner({
          key: ++flashKey.current,
          title: t('banner.sector', { sector: t(`sector.${e.sector}`) }),
          lines: sectorLines(lang, names, e),
        });
      } else if (e.type === 'tile-discarded') {
        setBanner({ key: ++flashKey.current, title: t('game.discarded'), lines: [describe(lang, names, e)] });
      }
    }
    if (newFlashes.length) {
      setFlashes((f) => [...f, ...newFlashes]);
      setFlashedFeatures((n) => n + newFlashes.reduce((s, f) => s + f.features.length, 0));
      const keys = new Set(newFlashes.map((f) => f.key));
      setTimeout(() => setFlashes((f) => f.filter((x) => !keys.has(x.key))), 2600);
    }
  };

  useEffect(() => {
    if (!banner) return;
    const id = setTimeout(() => {
      setBanner(null);
      setWheelFlash(null);
    }, 4500);
    return () => clearTimeout(id);
  }, [banner?.key]);

  const players = view?.seats.length ?? summary?.seats.length ?? 0;
  const names = seatNames(t, summary, players);
  namesRef.current = names;
  const viewer = view?.viewer ?? null;
  const d = view?.decision ?? null;
  // A seat whose person resigned is played by the stand-in bot until the person takes it back: no controls.
  const resigned = viewer !== null && !!summary?.seats.find((x) => x.seat === viewer)?.resigned;
  const mine = !!(view && d && d.seat !== null && viewer !== null && d.seat === viewer && !replay && !resigned);
  const over = d?.kind === 'GAME_OVER';

  // "Your turn" in the title (and a chime when the sound is on).
  const wasMine = useRef(false);
  useEffect(() => {
    document.title = mine ? t('game.titleTurn') : `${t('app.title')} · ${names.join(', ')}`;
    // One chime when the decision comes to me, not again for each step of the same turn.
    if (mine && !wasMine.current && sound) chime();
    wasMine.current = mine;
  }, [mine, view?.ply, lang]);

  const act = (a: Action) => {
    conn.current?.sync.act(a);
    takeBack();
  };

  const places = useMemo(() => placements(mine && d?.kind === 'PLACE_TILE' ? d : null), [d, mine]);
  const spots = mine && d ? pickableSpots(d) : [];
  const crownOffer = mine && d?.kind === 'DEPLOY' ? d.crownSectors : [];

  // The tentative tile and the picked spot also live in refs, set at once by every handler: a key pressed
  // right after a click (before the page has re-rendered) must confirm what was clicked.
  const tentRef = useRef<Tentative | null>(null);
  const chosenRef = useRef<typeof chosen>(null);
  const setTent = (t: Tentative | null) => {
    tentRef.current = t;
    setTentative(t);
  };
  const choose = (c: typeof chosen) => {
    chosenRef.current = c;
    setChosen(c);
  };
  const onSquare = (p: Position) => setTent(clickSquare(places, tentRef.current, p));
  const turn = (step: 1 | -1) => setTent(rotate(places, tentRef.current, step));
  const onSpot = (s: Spot) => d && choose({ action: spotAction(d, s), spot: s, sector: null });
  const onCrown = (s: Sector) => choose({ action: { type: 'crown', sector: s }, spot: null, sector: s });
  const confirm = () => {
    if (!mine || !d) return;
    if (d.kind === 'PLACE_TILE' && tentRef.current) act(placeAction(tentRef.current));
    else if (d.kind !== 'PLACE_TILE' && chosenRef.current) act(chosenRef.current.action);
  };
  const takeBack = () => {
    setTent(null);
    choose(null);
  };
  const hint = async () => {
    if (!token || !d) return;
    try {
      const h = await api.hint(gameId, token);
      const sug = h.ply === view?.ply ? suggestion(d, h.action) : null;
      if (!sug) return;
      if (sug.kind === 'tile') setTent(sug.tentative);
      else if (sug.kind === 'spot') choose({ action: sug.action, spot: sug.spot, sector: null });
      else if (sug.kind === 'crown') choose({ action: sug.action, spot: null, sector: sug.sector });
      else setHinted(sug.action.type === 'crop-choice' ? `crop-${sug.action.option}` : sug.action.type);
    } catch (e) {
      showError(e);
    }
  };

  // Keyboard: R turns (Shift+R back), Enter confirms, Esc takes back; arrows step a replay.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement)?.tagName === 'INPUT' || (e.target as HTMLElement)?.tagName === 'SELECT') return;
      if (replay && replayPly.current !== null) {
        if (e.key === 'ArrowLeft') seek(replayPly.current - 1);
        else if (e.key === 'ArrowRight') seek(replayPly.current + 1);
        else if (e.key === 'Escape') setReplay(null);
        return;
      }
      if (e.key === 'r' || e.key === 'R') turn(e.shiftKey ? -1 : 1);
      else if (e.key === 'Enter') confirm();
      else if (e.key === 'Escape') takeBack();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  // The win-probability chart of the replay: fetched when the replay opens, and again as the game goes on.
  const [analysis, setAnalysis] = useState<GameAnalysis | null>(null);
  const replaying = replay !== null;
  useEffect(() => {
    if (!replaying) return;
    let live = true;
    api.analysis(gameId).then(
      (a) => live && setAnalysis(a),
      () => {}, // the chart is an extra: the replay works without it
    );
    return () => {
      live = false;
    };
  }, [replaying, view?.ply]);

  // The replay's ply is kept in a ref too, so that keys pressed faster than the page renders add up.
  const replayPly = useRef<number | null>(null);
  const seek = async (ply: number) => {
    if (!view) return;
    const p = Math.max(0, Math.min(view.ply, ply));
    replayPly.current = p;
    setReplay((r) => ({ ply: p, view: r?.view ?? null }));
    try {
      const v = await api.view(gameId, token, p);
      setReplay((r) => (r && r.ply === p ? { ply: p, view: v } : r));
    } catch (e) {
      showError(e);
    }
  };

  const events = log.map((l) => l.event);
  const shown = replay?.view ?? view;
  const marks = useMemo(() => {
    const last = lastPlaced(events);
    return { last, since: placedSinceMyTurn(events, viewer, players).filter((p) => !last || posKey(p) !== posKey(last)) };
  }, [log, viewer, players]);

  if (!drawings || !view || !shown) {
    return (
      <div class="game loading">
        <header class="top">
          <a class="home" href="/">{t('game.lobby')}</a>
          <LangSwitch />
        </header>
        <p class="status">{problem ?? t('game.loading')}</p>
      </div>
    );
  }

  const decider = d && d.seat !== null ? names[d.seat] : '';
  const statusLine = over
    ? t('game.over')
    : status === 'OPEN'
      ? t('game.waitingJoin')
    : mine
      ? `${t('game.yourTurn')}: ${t(`game.decision.${d!.kind}`, { name: names[viewer!] })}`
      : t(`game.decision.${d!.kind}`, { name: decider });
  const wheelBeside = shown.pig !== null && !shown.board.some((b) => b.boardSquare);
  // My features holding my followers, with what they would give me if the game ended now.
  const myValues = viewer === null ? [] : shown.featureValues.filter((v) => (v.followers[viewer] ?? 0) > 0);
  const liveSeries = over ? null : chartSeries(shown);
  const crownsOf = (s: number) => shown.followers.filter((f) => f.seat === s && f.crownSector).length;

  return (
    <div class={`game${mine ? ' my-turn' : ''}${viewer === null ? ' spectating' : ''}`} data-flashed-features={flashedFeatures}>
      <header class="top">
        <a class="home" href="/">
          {t('game.lobby')}
        </a>
        <div class="status" data-decision={d?.kind} data-seat={d?.seat ?? ''} data-ply={view.ply} data-mine={mine ? 'yes' : 'no'}>
          {d && d.seat !== null && <span class="swatch" style={{ background: SEAT_COLOURS[d.seat] }} />}
          {statusLine}
          {viewer === null && <span class="muted"> · {t('game.spectator')}</span>}
        </div>
        <div class="tools">
          <button type="button" onClick={() => setFitRequest((n) => n + 1)}>
            {t('game.fit')}
          </button>
          {over && !showEnd && (
            <button type="button" class="show-end" onClick={() => setShowEnd(true)}>
              {t('game.finalScores')}
            </button>
          )}
          <button type="button" class={replay ? 'on' : ''} onClick={() => (replay ? setReplay(null) : seek(view.ply))}>
            {replay ? t('game.live') : t('game.replay')}
          </button>
          {token && viewer !== null && !over && !replay && (
            resigned ? (
              <button type="button" class="reclaim" onClick={() => api.reclaim(gameId, token).then(setSummary, showError)}>
                {t('game.reclaim')}
              </button>
            ) : (
              <button
                type="button"
                class="resign"
                onClick={() => window.confirm(t('game.resignConfirm')) && api.resign(gameId, token).then(setSummary, showError)}
              >
                {t('game.resign')}
              </button>
            )
          )}
          <label class="sound">
            <input
              type="checkbox"
              checked={sound}
              onChange={() => {
                localStorage.setItem('fortuna.sound', sound ? 'off' : 'on');
                setSound(!sound);
              }}
            />
            {t('game.sound')}
          </label>
          <LangSwitch />
        </div>
      </header>
      {!online && <div class="offline">{t('game.offline')}</div>}
      {problem && (
        <div class="problem" role="alert">
          {problem}
        </div>
      )}
      <div class="game-main">
        <Board
          drawings={drawings}
          board={shown.board}
          followers={shown.followers}
          pig={wheelBeside ? null : shown.pig}
          crowns={shown.crowns}
          sectorName={(s) => t(`sector.${s}`)}
          placements={places}
          tentative={tentative}
          drawnTile={d?.tile ?? null}
          onSquare={onSquare}
          spots={chosen ? [] : spots}
          onSpot={onSpot}
          chosen={chosen?.spot && viewer !== null ? { spot: chosen.spot, seat: viewer, returning: chosen.action.type === 'return' } : null}
          chosenCrown={chosen?.sector && viewer !== null ? { sector: chosen.sector, seat: viewer } : null}
          crownOffer={chosen ? [] : crownOffer}
          onCrown={onCrown}
          lastPlaced={replay ? null : marks.last}
          sinceMine={replay ? [] : marks.since}
          flashes={replay ? [] : flashes}
          wheelFlash={wheelFlash}
          fitRequest={fitRequest}
          featureValues={shown.featureValues}
          describeValue={(v) => valueLines(lang, names, viewer, v)}
          highlight={highlight}
        />
        {banner && (
          <div class="banner" key={banner.key} role="status">
            <strong>{banner.title}</strong>
            {banner.lines.map((l) => (
              <div>{l}</div>
            ))}
          </div>
        )}
        {over && !replay && showEnd && (
          <div class="end-overlay">
            <button type="button" class="close" aria-label={t('game.close')} onClick={() => setShowEnd(false)}>
              ×
            </button>
            <EndOfGame view={view} names={names} />
          </div>
        )}
        {replay && (
          <div class="replay-bar">
            <button type="button" onClick={() => seek(0)} aria-label={t('game.first')}>|◀</button>
            <button type="button" onClick={() => seek(replay.ply - 1)} aria-label={t('game.prev')}>◀</button>
            <input
              type="range"
              min={0}
              max={view.ply}
              value={replay.ply}
              aria-label={t('game.step', { n: replay.ply, total: view.ply })}
              onInput={(e) => seek(Number((e.currentTarget as HTMLInputElement).value))}
            />
            <button type="button" onClick={() => seek(replay.ply + 1)} aria-label={t('game.next')}>▶</button>
            <button type="button" onClick={() => seek(view.ply)} aria-label={t('game.last')}>▶|</button>
            <span class="replay-step">{t('game.step', { n: replay.ply, total: view.ply })}</span>
            {analysis && <WinChart analysis={analysis} players={players} ply={replay.ply} onSeek={seek} />}
          </div>
        )}
      </div>
      <aside class="panel">
        <section class="seats">
          {shown.seats.map((s) => (
            <div class={`seat${d?.seat === s.seat ? ' deciding' : ''}${s.seat === viewer ? ' me' : ''}`} data-seat={s.seat}>
              <svg viewBox="-0.6 -0.6 1.2 1.2" class="seat-meeple" aria-hidden="true">
                <Meeple seat={s.seat} x={0} y={0} size={1} />
              </svg>
              <div class="seat-name">
                {names[s.seat]}
                {s.seat === viewer && <span class="muted"> ({t('game.you')})</span>}
                <div class="seat-sub">
                  <span class={`dot ${presence[s.seat] === false ? 'off' : 'on'}`} />
                  {presence[s.seat] === false ? t('game.disconnected') : t('game.connected')}
                  {summary?.seats.find((x) => x.seat === s.seat)?.resigned && <span class="resigned"> · {t('game.resigned')}</span>}
                  {standIns[s.seat] && <span class="stand-in"> · {t('game.standIn')}</span>}
                  {' · '}
                  <span class="supply-count" title={t('game.supply')}>
                    <svg viewBox="-0.6 -0.6 1.2 1.2" aria-hidden="true">
                      <Meeple seat={s.seat} x={0} y={0} size={1} />
                    </svg>
                    ×<b class="supply">{s.supply}</b>
                  </span>
                  {shown.pig !== null && (
                    <span class="crown-count" title={t('game.crowns')}>
                      {' '}♛×<b class="crowns-held">{crownsOf(s.seat)}</b>
                    </span>
                  )}
                </div>
              </div>
              {clock && (
                <div
                  class={`clock${clock.deciding === s.seat ? ' running' : ''}${clock.outOfTime[s.seat] ? ' out' : ''}`}
                  title={t('game.clock')}
                  data-ms={remainingAt(clock, s.seat, now)}
                >
                  {clock.outOfTime[s.seat] ? t('game.outOfTime') : clockText(remainingAt(clock, s.seat, now))}
                </div>
              )}
              <div class="score" data-score={s.score}>
                {s.score}
              </div>
            </div>
          ))}
        </section>
        {wheelBeside && drawings.wheelBoard && (
          <svg class="wheel-beside" viewBox={`0 0 ${drawings.wheelBoard.size} ${drawings.wheelBoard.size}`}>
            <TileDefs />
            <WheelBoard
              d={drawings.wheelBoard}
              x={0}
              y={0}
              pig={shown.pig}
              crowns={shown.crowns}
              sectorName={(s) => t(`sector.${s}`)}
              crownLabel={(s) => t('pick.crown', { sector: t(`sector.${s}`) })}
              offer={chosen ? [] : crownOffer}
              onCrown={onCrown}
              chosen={chosen?.sector && viewer !== null ? { sector: chosen.sector, seat: viewer } : null}
              flash={wheelFlash}
            />
          </svg>
        )}
        {mine && d && (
          <section class="controls" data-kind={d.kind}>
            <p class="help">{t(`game.help.${d.kind}`)}</p>
            {d.kind === 'PLACE_TILE' && d.tile && drawings.tiles[d.tile] && (
              <div class="drawn">
                <span>{t('game.drawn')}</span>
                <svg viewBox="-0.05 -0.05 1.1 1.1" class="drawn-tile" data-tile={d.tile}>
                  <TileDefs />
                  <TileArt d={drawings.tiles[d.tile]} rotation={tentative?.rotation ?? 0} />
                </svg>
                <div class="buttons">
                  <button type="button" class="rotate-left" disabled={!tentative} onClick={() => turn(-1)}>
                    ⟲ {t('game.rotateLeft')}
                  </button>
                  <button type="button" class="rotate-right" disabled={!tentative} onClick={() => turn(1)}>
                    ⟳ {t('game.rotateRight')}
                  </button>
                </div>
              </div>
            )}
            {d.kind === 'CROP_CIRCLE_CHOICE' && (
              <div class="buttons">
                <button type="button" class="hint" onClick={hint}>
                  ? {t('game.hint')}
                </button>
                {d.cropOptions.map((o) => (
                  <button type="button" class={`crop-${o.toLowerCase()} primary${hinted === `crop-${o}` ? ' hinted' : ''}`} onClick={() => act({ type: 'crop-choice', option: o })}>
                    {t(`cropOption.${o}`)} ({d.cropSymbol ? t(`crop.${d.cropSymbol}`) : ''})
                  </button>
                ))}
              </div>
            )}
            {d.kind !== 'CROP_CIRCLE_CHOICE' && (
              <div class="buttons">
                <button
                  type="button"
                  class="confirm primary"
                  disabled={d.kind === 'PLACE_TILE' ? !tentative : !chosen}
                  onClick={confirm}
                >
                  ✓ {t('game.confirm')}
                </button>
                <button type="button" class="take-back" disabled={!tentative && !chosen} onClick={takeBack}>
                  ✗ {t('game.takeBack')}
                </button>
                <button type="button" class="hint" onClick={hint}>
                  ? {t('game.hint')}
                </button>
                {d.pass && (
                  <button type="button" class={`pass${hinted === 'pass' ? ' hinted' : ''}`} onClick={() => act({ type: 'pass' })}>
                    {d.kind === 'CROP_CIRCLE_ADD' ? t('game.addNone') : t('game.noFollower')}
                  </button>
                )}
              </div>
            )}
          </section>
        )}
        {myValues.length > 0 && (
          <section class="my-values">
            <h3>{t('value.heading')}</h3>
            <ul>
              {myValues.map((v) => {
                const [, what] = valueLines(lang, names, viewer, v);
                return (
                  <li
                    data-kind={v.kind}
                    data-points={v.points[viewer!]}
                    onPointerEnter={() => setHighlight(v)}
                    onPointerLeave={() => setHighlight(null)}
                    onClick={() => setHighlight(highlight === v ? null : v)}
                  >
                    {what}: <b>{pts(lang, v.points[viewer!])}</b>
                  </li>
                );
              })}
            </ul>
            <p class="help">{t('value.tip')}</p>
          </section>
        )}
        {liveSeries && (
          <details class="chart-panel">
            <summary>{t('game.chart')}</summary>
            <ScoreChart series={liveSeries} names={names} />
          </details>
        )}
        <details class="remaining">
          <summary>{t('game.remaining', { n: shown.pileSize })}</summary>
          <div class="remaining-tiles">
            {Object.entries(shown.remaining).map(([id, n]) =>
              drawings.tiles[id] ? (
                <span class="remaining-tile" title={id}>
                  <svg viewBox="0 0 1 1">
                    <TileArt d={drawings.tiles[id]} rotation={0} />
                  </svg>
                  ×{n}
                </span>
              ) : null,
            )}
          </div>
        </details>
        <section class="log">
          <h3>{t('game.log')}</h3>
          {/* Every event, newest first, each numbered by its place in the game's events. */}
          <ol reversed>
            {log
              .map((l, i) => (
                <li value={i + 1} class={`log-${l.event.type}`}>
                  {describe(lang, names, l.event)}
                </li>
              ))
              .reverse()}
          </ol>
        </section>
      </aside>
    </div>
  );
}

