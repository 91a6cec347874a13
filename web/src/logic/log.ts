// The game log in words: one sentence per event in the viewer's language.
import { GameEvent } from '../model';
import { Lang, points as pts, translator } from '../i18n';

/** "Anna 8 points, Bot 2 4 points"; seats with 0 are left out; "nobody scores" when all are 0. */
export function pointsList(lang: Lang, names: readonly string[], perSeat: readonly number[]): string {
  const t = translator(lang);
  const parts = perSeat
    .map((p, seat) => (p !== 0 ? t('log.pointsOf', { name: names[seat] ?? `#${seat + 1}`, points: pts(lang, p) }) : null))
    .filter((s): s is string => s !== null);
  return parts.length ? parts.join(', ') : t('log.nobody');
}

export function describe(lang: Lang, names: readonly string[], e: GameEvent): string {
  const t = translator(lang);
  const name = (seat: number) => names[seat] ?? `#${seat + 1}`;
  switch (e.type) {
    case 'tile-drawn':
      return t('log.TileDrawn', { name: name(e.seat), tile: e.tile, n: e.remaining });
    case 'tile-discarded':
      return t('log.TileDiscarded', { name: name(e.seat), tile: e.tile });
    case 'tile-placed':
      return t('log.TilePlaced', { name: name(e.seat), tile: e.tile, x: e.square.x, y: e.square.y });
    case 'follower-deployed':
    case 'follower-added':
      return t(e.type === 'follower-deployed' ? 'log.FollowerDeployed' : 'log.FollowerAdded', {
        name: name(e.seat),
        role: t(`role.${e.kind}`),
        kind: t(`kind.${e.kind}`),
        x: e.square.x,
        y: e.square.y,
      });
    case 'deployment-passed':
      return t('log.DeploymentPassed', { name: name(e.seat) });
    case 'crown-deployed':
      return t('log.CrownDeployed', { name: name(e.seat), sector: t(`sector.${e.sector}`) });
    case 'feature-scored':
      return t(e.atGameEnd ? 'log.FeatureScoredEnd' : 'log.FeatureScored', {
        kind: t(`kind.${e.kind}`),
        tiles: e.squares.length,
        points: pointsList(lang, names, e.points),
      });
    case 'follower-returned':
      return t(`log.FollowerReturned.${e.reason}`, {
        name: name(e.seat),
        x: e.square?.x ?? '',
        y: e.square?.y ?? '',
        sector: e.crownSector ? t(`sector.${e.crownSector}`) : '',
      });
    case 'pig-moved':
      return t('log.PigMoved', { name: name(e.seat), n: e.steps, from: t(`sector.${e.from}`), to: t(`sector.${e.to}`) });
    case 'sector-resolved':
      return t('log.SectorResolved', { sector: t(`sector.${e.sector}`), points: pointsList(lang, names, e.points) });
    case 'crowns-scored':
      return t('log.CrownsScored', { sector: t(`sector.${e.sector}`), points: pointsList(lang, names, e.points) });
    case 'skipped':
      return t('log.Skipped', { name: name(e.seat) });
    case 'crop-circle-chosen':
      return t('log.CropCircleChosen', {
        name: name(e.seat),
        option: t(`cropOption.${e.option}`),
        symbol: t(`crop.${e.symbol}`),
      });
    case 'crop-circle-skipped':
      return t('log.CropCircleSkipped', { symbol: t(`crop.${e.symbol}`) });
    case 'declined':
      return t(e.forced ? 'log.DeclinedForced' : 'log.Declined', { name: name(e.seat) });
    case 'game-ended':
      return t('log.GameEnded', { names: e.winners.map(name).join(', ') });
  }
}
