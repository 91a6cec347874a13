// The lobby: create a game (seats, expansions, every option with a line saying what it does), hand out the
// invitation links, and see the open, running and finished games with links to watch or replay them.
import { useEffect, useState } from 'preact/hooks';
import { CreateGame, Created, ExpansionId, GameSetup, GameSummary, SECTORS, SeatSpec } from '../model';
import { MessageKey, refusal } from '../i18n';
import { ApiError, api } from '../net/api';
import { LangSwitch, useLang } from './i18n';
import { SEAT_COLOURS } from '../render/art';
import { seatName } from '../logic/names';

export const BOT_LEVELS = ['random', 'greedy', 'mcts:easy', 'mcts:medium', 'mcts:hard'] as const;

export interface SeatForm {
  kind: 'PERSON' | 'BOT';
  name: string;
  bot: string;
}

export interface LobbyForm {
  seats: SeatForm[];
  expansions: ExpansionId[];
  wheelTiles: 'standalone' | 'base+numbered' | 'base+all';
  wheelBeside: boolean;
  excludeBaseStartTile: boolean;
  famine: 'all' | 'majority' | 'per-field';
  crowns: number[];
  cropSets: 'I,II' | 'I' | 'II';
  farmRule: '3' | '2' | '1';
  twoTileCity: boolean;
  /** 0: no stand-in after a disconnection. */
  graceSeconds: number;
  standIn: string;
  /** 0: no clock. */
  clockMinutes: number;
  incrementSeconds: number;
}

export const DEFAULT_FORM: LobbyForm = {
  seats: [
    { kind: 'PERSON', name: '', bot: 'mcts:easy' },
    { kind: 'BOT', name: '', bot: 'mcts:easy' },
  ],
  expansions: ['wheel-of-fortune'],
  wheelTiles: 'standalone',
  wheelBeside: false,
  excludeBaseStartTile: false,
  famine: 'all',
  crowns: [1, 2, 1, 2, 1, 2],
  cropSets: 'I,II',
  farmRule: '3',
  twoTileCity: false,
  graceSeconds: 0,
  standIn: 'greedy',
  clockMinutes: 0,
  incrementSeconds: 0,
};

/**
 * The request for a form: options of an expansion that is not chosen are left out (the server refuses them
 * without it), and options left at their default are sent as absent.
 */
export function toRequest(f: LobbyForm): CreateGame {
  const wheel = f.expansions.includes('wheel-of-fortune');
  const crop = f.expansions.includes('crop-circles');
  const setup: GameSetup = { expansions: f.expansions.slice() };
  if (wheel) {
    if (f.wheelTiles !== 'standalone') setup.wheelTiles = f.wheelTiles;
    if (f.wheelBeside) setup.wheelBeside = true;
    if (f.excludeBaseStartTile && f.wheelTiles !== 'standalone' && !f.wheelBeside) setup.excludeBaseStartTile = true;
    if (f.famine !== 'all') setup.famine = f.famine;
    if (f.crowns.join(',') !== '1,2,1,2,1,2') setup.crowns = f.crowns.slice();
  }
  if (crop && f.cropSets !== 'I,II') setup.cropSets = f.cropSets;
  if (f.farmRule !== '3') setup.farmRule = f.farmRule;
  if (f.twoTileCity) setup.twoTileCity = true;
  const seats: SeatSpec[] = f.seats.map((s) =>
    s.kind === 'BOT' ? { kind: 'BOT', bot: s.bot, name: null } : { kind: 'PERSON', bot: null, name: s.name.trim() || null },
  );
  const req: CreateGame = { setup, seats };
  if (f.graceSeconds > 0) req.graceSeconds = Math.round(f.graceSeconds);
  if (f.clockMinutes > 0) {
    req.clockSeconds = Math.round(f.clockMinutes * 60);
    if (f.incrementSeconds > 0) req.incrementSeconds = Math.round(f.incrementSeconds);
  }
  // The stand-in plays for a person away too long or out of time: asked for only when one of those can happen.
  if (req.graceSeconds || req.clockSeconds) req.standIn = f.standIn;
  return req;
}

function Help({ k }: { k: MessageKey }) {
  const { t } = useLang();
  return <div class="help">{t(k)}</div>;
}

type Keys<V> = { [K in keyof LobbyForm]: LobbyForm[K] extends V ? K : never }[keyof LobbyForm];
interface OptionProps<K extends keyof LobbyForm> {
  form: LobbyForm;
  set: (patch: Partial<LobbyForm>) => void;
  name: K;
  /** The option's name; its line of explanation is under `${label}.help`. */
  label: MessageKey;
}

/** An option chosen from a list, with its line of explanation. */
function Choice<K extends Keys<string>>(p: OptionProps<K> & { values: readonly LobbyForm[K][]; text: (v: LobbyForm[K]) => string }) {
  const { t } = useLang();
  return (
    <label class="option">
      <span>{t(p.label)}</span>
      <select name={p.name} value={p.form[p.name]} onChange={(e) => p.set({ [p.name]: (e.currentTarget as HTMLSelectElement).value } as Partial<LobbyForm>)}>
        {p.values.map((v) => (
          <option value={v}>{p.text(v)}</option>
        ))}
      </select>
      <Help k={`${p.label}.help` as MessageKey} />
    </label>
  );
}

/** An option that is on or off, with its line of explanation. */
function Toggle<K extends Keys<boolean>>(p: OptionProps<K>) {
  const { t } = useLang();
  return (
    <label class="option">
      <input type="checkbox" name={p.name} checked={p.form[p.name]} onChange={() => p.set({ [p.name]: !p.form[p.name] } as Partial<LobbyForm>)} />
      <span>{t(p.label)}</span>
      <Help k={`${p.label}.help` as MessageKey} />
    </label>
  );
}

/** A whole number of at least 0, with its line of explanation. */
function NumberOption<K extends Keys<number>>(p: OptionProps<K> & { max: number; step: number }) {
  const { t } = useLang();
  return (
    <label class="option">
      <span>{t(p.label)}</span>
      <input
        type="number"
        name={p.name}
        min={0}
        max={p.max}
        step={p.step}
        value={p.form[p.name]}
        onInput={(e) => p.set({ [p.name]: Math.max(0, Number((e.currentTarget as HTMLInputElement).value) || 0) } as Partial<LobbyForm>)}
      />
      <Help k={`${p.label}.help` as MessageKey} />
    </label>
  );
}

function CopyLink({ url, label }: { url: string; label: string }) {
  const { t } = useLang();
  const [copied, setCopied] = useState(false);
  return (
    <div class="invite">
      <span class="invite-label">{label}</span>
      <input readOnly value={url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
          } catch {
            // Without clipboard access (an insecure origin), the field is selected for a manual copy.
          }
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        }}
      >
        {copied ? t('lobby.copied') : t('lobby.copy')}
      </button>
      <a class="button" href={url}>
        {t('lobby.open')}
      </a>
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated: (c: Created) => void }) {
  const { t } = useLang();
  const [f, setF] = useState<LobbyForm>(DEFAULT_FORM);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<LobbyForm>) => setF({ ...f, ...patch });
  const setSeat = (i: number, patch: Partial<SeatForm>) => set({ seats: f.seats.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const toggle = (e: ExpansionId) =>
    set({ expansions: f.expansions.includes(e) ? f.expansions.filter((x) => x !== e) : [...f.expansions, e] });
  const wheel = f.expansions.includes('wheel-of-fortune');
  const crop = f.expansions.includes('crop-circles');
  const submit = async (ev: Event) => {
    ev.preventDefault();
    setError(null);
    const r = toRequest(f);
    try {
      onCreated(await api.create(r));
      scrollTo({ top: 0, behavior: 'smooth' });
    } catch (e) {
      setError(t('lobby.error', { message: e instanceof ApiError ? refusal(t, e.rejection) : String(e) }));
    }
  };
  return (
    <form class="card create" onSubmit={submit}>
      <h2>{t('lobby.create')}</h2>
      <fieldset>
        <legend>{t('lobby.seats')}</legend>
        {f.seats.map((s, i) => (
          <div class="seat-row" data-seat={i}>
            <span class="swatch" style={{ background: SEAT_COLOURS[i] }} />
            <span class="seat-no">{t('lobby.seat', { n: i + 1 })}</span>
            <select
              class="seat-kind"
              value={s.kind}
              onChange={(e) => setSeat(i, { kind: (e.currentTarget as HTMLSelectElement).value as SeatForm['kind'] })}
            >
              <option value="PERSON">{t('lobby.person')}</option>
              <option value="BOT">{t('lobby.bot')}</option>
            </select>
            {s.kind === 'PERSON' ? (
              <input
                class="seat-name"
                placeholder={t('lobby.name')}
                maxLength={40}
                value={s.name}
                onInput={(e) => setSeat(i, { name: (e.currentTarget as HTMLInputElement).value })}
              />
            ) : (
              <select class="seat-bot" value={s.bot} onChange={(e) => setSeat(i, { bot: (e.currentTarget as HTMLSelectElement).value })}>
                {BOT_LEVELS.map((b) => (
                  <option value={b}>{t(`bot.${b}` as MessageKey)}</option>
                ))}
              </select>
            )}
            {f.seats.length > 2 && (
              <button type="button" class="link" onClick={() => set({ seats: f.seats.filter((_, j) => j !== i) })}>
                {t('lobby.removeSeat')}
              </button>
            )}
          </div>
        ))}
        {f.seats.length < 5 && (
          <button type="button" class="add-seat" onClick={() => set({ seats: [...f.seats, { kind: 'BOT', name: '', bot: 'mcts:easy' }] })}>
            + {t('lobby.addSeat')}
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('lobby.expansions')}</legend>
        {(['wheel-of-fortune', 'crop-circles'] as const).map((e) => (
          <label class="option">
            <input type="checkbox" name={e} checked={f.expansions.includes(e)} onChange={() => toggle(e)} />
            <span>{t(`exp.${e}`)}</span>
            <Help k={`exp.${e}.help`} />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('lobby.options')}</legend>
        {wheel && (
          <>
            <Choice form={f} set={set} name="wheelTiles" label="opt.wheelTiles" values={['standalone', 'base+numbered', 'base+all']} text={(v) => t(`opt.wheelTiles.${v}`)} />
            <Toggle form={f} set={set} name="wheelBeside" label="opt.wheelBeside" />
            {f.wheelTiles !== 'standalone' && !f.wheelBeside && <Toggle form={f} set={set} name="excludeBaseStartTile" label="opt.excludeBaseStart" />}
            <Choice form={f} set={set} name="famine" label="opt.famine" values={['all', 'majority', 'per-field']} text={(v) => t(`opt.famine.${v}`)} />
            <div class="option">
              <span>{t('opt.crowns')}</span>
              <div class="crowns">
                {f.crowns.map((c, i) => (
                  <label class="crown-count-field">
                    <span>{t(`sector.${SECTORS[i]}`)}</span>
                    <select
                      value={String(c)}
                      onChange={(e) => set({ crowns: f.crowns.map((x, j) => (j === i ? Number((e.currentTarget as HTMLSelectElement).value) : x)) })}
                    >
                      {[0, 1, 2].map((n) => (
                        <option value={String(n)}>{n}</option>
                      ))}
                    </select>
                  </label>
                ))}
              </div>
              <Help k="opt.crowns.help" />
            </div>
          </>
        )}
        {crop && <Choice form={f} set={set} name="cropSets" label="opt.cropSets" values={['I,II', 'I', 'II']} text={(v) => v} />}
        <Choice form={f} set={set} name="farmRule" label="opt.farmRule" values={['3', '2', '1']} text={(v) => t(`opt.farmRule.${v}`)} />
        <NumberOption form={f} set={set} name="graceSeconds" label="opt.grace" max={3600} step={5} />
        <NumberOption form={f} set={set} name="clockMinutes" label="opt.clock" max={10080} step={1} />
        {f.clockMinutes > 0 && <NumberOption form={f} set={set} name="incrementSeconds" label="opt.increment" max={3600} step={1} />}
        {(f.graceSeconds > 0 || f.clockMinutes > 0) && (
          <Choice form={f} set={set} name="standIn" label="opt.standIn" values={BOT_LEVELS} text={(v) => t(`bot.${v}` as MessageKey)} />
        )}
        <Toggle form={f} set={set} name="twoTileCity" label="opt.twoTileCity" />
      </fieldset>
      {error && <div class="error" role="alert">{error}</div>}
      <button type="submit" class="primary">
        {t('lobby.start')}
      </button>
    </form>
  );
}

function GameRow({ g }: { g: GameSummary }) {
  const { t } = useLang();
  const free = g.seats.filter((s) => s.kind === 'PERSON' && !s.joined).length;
  return (
    <li class="game-row" data-game={g.gameId}>
      <span class="seats">
        {g.seats.map((s) => (
          <span class="seat-chip" title={s.name ?? s.bot ?? ''}>
            <span class="swatch" style={{ background: SEAT_COLOURS[s.seat] }} />
            {seatName(t, s, s.seat)}
            {g.status !== 'OPEN' && <b> {g.scores[s.seat] ?? 0}</b>}
          </span>
        ))}
      </span>
      <span class="muted">{g.setup.expansions.map((e) => t(`exp.${e}`)).join(', ')}</span>
      {g.status === 'OPEN' && <span class="muted">{t('lobby.freeSeats', { n: free })}</span>}
      <a class="button" href={`/game/${g.gameId}`}>
        {g.status === 'FINISHED' ? t('lobby.replay') : t('lobby.watch')}
      </a>
    </li>
  );
}

export function Lobby() {
  const { t } = useLang();
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  useEffect(() => {
    let live = true;
    // The server lists open and running games by default, finished ones on request.
    const load = () =>
      Promise.all([api.list(), api.list('finished')]).then(([now, done]) => live && setGames([...now, ...done]), () => {});
    load();
    const id = setInterval(load, 4000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [created]);
  const by = (s: GameSummary['status']) => (games ?? []).filter((g) => g.status === s);
  return (
    <div class="lobby">
      <header class="top">
        <h1>
          <span class="logo" aria-hidden="true" />
          {t('app.title')}
        </h1>
        <span class="tagline">{t('app.tagline')}</span>
        <LangSwitch />
      </header>
      <main class="lobby-main">
        <div>
          {created && (
            <section class="card created" data-game={created.gameId}>
              <p>{t('lobby.created')}</p>
              {created.invitations.map((inv) => (
                <CopyLink url={inv.url} label={t('lobby.seat', { n: inv.seat + 1 })} />
              ))}
              <CopyLink url={created.spectatorUrl} label={t('lobby.spectatorLink')} />
            </section>
          )}
          <CreateForm onCreated={setCreated} />
        </div>
        <div class="lists">
          {(['OPEN', 'RUNNING', 'FINISHED'] as const).map((s) => (
            <section class="card" data-status={s}>
              <h2>{t(s === 'OPEN' ? 'lobby.openGames' : s === 'RUNNING' ? 'lobby.runningGames' : 'lobby.finishedGames')}</h2>
              {by(s).length === 0 ? (
                <p class="muted">{t('lobby.noGames')}</p>
              ) : (
                <ul class="games">{by(s).slice(0, 8).map((g) => <GameRow g={g} />)}</ul>
              )}
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
