import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, toRequest } from '../src/ui/Lobby';
import { route } from '../src/ui/App';
import { takeInvitation } from '../src/net/api';
import { seatNames } from '../src/logic/names';
import { translator } from '../src/i18n';

describe('creating a game from the form', () => {
  it('sends only what differs from the defaults', () => {
    expect(toRequest(DEFAULT_FORM)).toEqual({
      setup: { expansions: ['wheel-of-fortune'] },
      seats: [
        { kind: 'PERSON', bot: null, name: null },
        { kind: 'BOT', bot: 'mcts:easy', name: null },
      ],
    });
  });
  it('sends every option that was changed, with the command line’s values', () => {
    // Each of these differs from the default and is sent under the same name and value.
    const changed = {
      expansions: ['wheel-of-fortune', 'crop-circles'],
      wheelTiles: 'base+all',
      excludeBaseStartTile: true,
      famine: 'per-field',
      crowns: [2, 2, 1, 2, 1, 0],
      cropSets: 'II',
      farmRule: '1',
      twoTileCity: true,
    } as const;
    const r = toRequest({
      ...DEFAULT_FORM,
      ...changed,
      expansions: [...changed.expansions],
      crowns: [...changed.crowns],
      seats: [
        { kind: 'PERSON', name: ' Ada ', bot: 'greedy' },
        { kind: 'PERSON', name: 'Boris', bot: 'greedy' },
        { kind: 'BOT', name: 'x', bot: 'mcts:hard' },
      ],
    });
    expect(r.setup).toEqual(changed);
    expect(r.seats).toEqual([
      { kind: 'PERSON', bot: null, name: 'Ada' },
      { kind: 'PERSON', bot: null, name: 'Boris' },
      { kind: 'BOT', bot: 'mcts:hard', name: null },
    ]);
  });
  it('asks for a stand-in bot only with a grace period or a clock', () => {
    expect(toRequest({ ...DEFAULT_FORM, graceSeconds: 0, standIn: 'mcts:hard' })).not.toHaveProperty('standIn');
    const r = toRequest({ ...DEFAULT_FORM, graceSeconds: 45, standIn: 'mcts:hard' });
    expect([r.graceSeconds, r.standIn, r.clockSeconds]).toEqual([45, 'mcts:hard', undefined]);
  });
  it('sends a clock in seconds, with its increment only when there is a clock', () => {
    const r = toRequest({ ...DEFAULT_FORM, clockMinutes: 20, incrementSeconds: 10, standIn: 'greedy' });
    expect([r.clockSeconds, r.incrementSeconds, r.standIn, r.graceSeconds]).toEqual([1200, 10, 'greedy', undefined]);
    expect(toRequest({ ...DEFAULT_FORM, clockMinutes: 0, incrementSeconds: 10 })).not.toHaveProperty('incrementSeconds');
  });
  it('leaves out options of an expansion that is not chosen, and ones that need another', () => {
    expect(
      toRequest({ ...DEFAULT_FORM, expansions: [], famine: 'majority', cropSets: 'I', wheelBeside: true }).setup,
    ).toEqual({ expansions: [] });
    expect(toRequest({ ...DEFAULT_FORM, excludeBaseStartTile: true }).setup).toEqual({ expansions: ['wheel-of-fortune'] });
  });
});

describe('addresses and seats', () => {
  it('routes the lobby and game pages', () => {
    expect(route('/')).toEqual({ page: 'lobby' });
    expect(route('/game/9PBvnc4qzewHyA')).toEqual({ page: 'game', id: '9PBvnc4qzewHyA' });
    expect(route('/game/')).toEqual({ page: 'lobby' });
  });
  it('keeps an invitation’s token and finds it again after a reload', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as unknown as Storage;
    expect(takeInvitation('g1', '#seat=1&token=abc', storage)).toEqual({ seat: 1, token: 'abc' });
    expect(takeInvitation('g1', '', storage)).toEqual({ seat: 1, token: 'abc' });
    expect(takeInvitation('g2', '', storage)).toBeNull();
    expect(takeInvitation('g3', '#seat=x&token=abc', storage)).toBeNull();
  });
  it('names seats by person, bot level or number', () => {
    const t = translator('en');
    expect(
      seatNames(
        t,
        {
          gameId: 'g', status: 'RUNNING', setup: { expansions: [] }, ply: 0, scores: [],
          seats: [
            { seat: 0, kind: 'PERSON', bot: null, name: 'Ada', joined: true, connected: true },
            { seat: 1, kind: 'BOT', bot: 'mcts:hard', name: null, joined: true, connected: true },
            { seat: 2, kind: 'BOT', bot: 'mcts:iters=50', name: null, joined: true, connected: true },
          ],
        },
        4,
      ),
    ).toEqual(['Ada', 'bot hard', 'bot mcts:iters=50', 'Seat 4']);
  });
});
