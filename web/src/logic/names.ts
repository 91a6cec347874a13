// How seats are named on the page: the person's name, else the bot's level, else "Seat n".
import { GameSummary, LobbySeat } from '../model';
import { MessageKey, T } from '../i18n';

export function seatName(t: T, s: LobbySeat | undefined, seat: number): string {
  if (s?.name) return s.name;
  if (s?.kind === 'BOT' && s.bot) {
    const key = `bot.${s.bot}` as MessageKey;
    const level = t(key) === key ? s.bot : t(key);
    // The catalogue's line is "easy (MCTS, 200 iterations)": the name is the part before the bracket.
    return `${t('game.bot')} ${level.split(' (')[0]}`;
  }
  return t('game.seatName', { n: seat + 1 });
}

export function seatNames(t: T, g: GameSummary | null, players: number): string[] {
  return Array.from({ length: players }, (_, i) => seatName(t, g?.seats.find((s) => s.seat === i), i));
}
