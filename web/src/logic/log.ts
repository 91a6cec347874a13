// The game in words, in the viewer's language: one sentence per event for the log, the wheel events' reasons
// for the banner (from the structured terms, per seat), and what a feature would score if the game ended now.
import { FeatureValue, GameEvent, SectorTerm } from '../model';
import { Lang, count, points as pts, translator } from '../i18n';

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
    case 'feature-scored': {
      // Only a field next to no completed city (or a cloister nobody holds) pays nothing: say so, not "nobody scores".
      const nothing = e.points.every((p) => p === 0);
      // A cloister is one tile: its size says nothing (its value counts the squares around it).
      if (e.kind === 'CLOISTER' && !nothing) {
        return t(e.atGameEnd ? 'log.CloisterScoredEnd' : 'log.CloisterScored', { points: pointsList(lang, names, e.points) });
      }
      return t(e.atGameEnd ? (nothing ? 'log.FeatureScoredEndNothing' : 'log.FeatureScoredEnd') : 'log.FeatureScored', {
        kind: t(`kind.${e.kind}`),
        tiles: count(lang, 'n.tilesOf', e.squares.length),
        points: pointsList(lang, names, e.points),
      });
    }
    case 'follower-returned':
      return t(`log.FollowerReturned.${e.reason}`, {
        name: name(e.seat),
        x: e.square?.x ?? '',
        y: e.square?.y ?? '',
        sector: e.crownSector ? t(`sector.${e.crownSector}`) : '',
      });
    case 'pig-moved':
      return t('log.PigMoved', {
        name: name(e.seat),
        n: count(lang, 'n.sectors', e.steps),
        from: t(`sector.${e.from}`),
        to: t(`sector.${e.to}`),
      });
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

/** One term of a wheel event's points in words, e.g. "2 knights in a city with 1 pennant: 2 × (1 + 2) = 6". */
export function termText(lang: Lang, term: SectorTerm): string {
  const t = translator(lang);
  switch (term.term) {
    case 'fortune':
      return t('term.fortune');
    case 'tax':
      return t('term.tax', {
        knights: count(lang, 'n.knights', term.knights),
        pennants: count(lang, 'n.withPennants', term.pennants),
        k: term.knights,
        p: term.pennants,
        points: term.points,
      });
    case 'famine':
      return term.perField
        ? t('term.famineField', { cities: count(lang, 'n.nextToCities', term.completedCities), points: term.points })
        : t('term.famine', {
            farmers: count(lang, 'n.farmers', term.farmers),
            cities: count(lang, 'n.nextToCities', term.completedCities),
            f: term.farmers,
            c: term.completedCities,
            points: term.points,
          });
    case 'storm':
      return t('term.storm', { followers: count(lang, 'n.followers', term.followersInSupply) });
    case 'inquisition':
      return t('term.inquisition', { monks: count(lang, 'n.monks', term.monks) });
    case 'plague':
      return t('term.plague');
  }
}

/**
 * The banner of a wheel event: one line per seat with its points and, when the event concerned it, why
 * ("Anna: 6 points — 2 knights in a city with 1 pennant: 2 × (1 + 2) = 6"); a seat it did not concern gets "nothing".
 */
export function sectorLines(lang: Lang, names: readonly string[], e: Extract<GameEvent, { type: 'sector-resolved' }>): string[] {
  const t = translator(lang);
  return e.points.map((p, seat) => {
    const terms = e.terms[seat] ?? [];
    const name = names[seat] ?? `#${seat + 1}`;
    if (terms.length === 0) return `${name}: ${p === 0 ? t('banner.noPoints') : pts(lang, p)}`;
    return `${name}: ${pts(lang, p)} — ${terms.map((x) => termText(lang, x)).join('; ')}`;
  });
}

/** The feature value that holds a square feature (a follower's place), if any. */
export function valueAt(values: readonly FeatureValue[], x: number, y: number, feature: number): FeatureValue | null {
  return values.find((v) => v.features.some((f) => f.square.x === x && f.square.y === y && f.feature === feature)) ?? null;
}

/**
 * What a feature would score if the game ended now, in words: a heading, what the feature is ("city of 3 tiles
 * with 1 pennant"), then each seat with followers in it or points from it, the viewer named "you".
 */
export function valueLines(lang: Lang, names: readonly string[], viewer: number | null, v: FeatureValue): string[] {
  const t = translator(lang);
  let what =
    v.kind === 'CLOISTER' ? t('kind.CLOISTER') : t('value.what', { kind: t(`kind.${v.kind}`), tiles: count(lang, 'n.tilesOf', v.tiles) });
  if (v.kind === 'CITY' && v.pennants > 0) what += ' ' + t('value.pennants', { pennants: count(lang, 'n.withPennants', v.pennants) });
  if (v.kind === 'FIELD') what += ' ' + t('value.cities', { cities: count(lang, 'n.nextToCities', v.adjacentCompletedCities) });
  const seats = v.points
    .map((p, seat) => ({ p, seat }))
    .filter(({ p, seat }) => p > 0 || (v.followers[seat] ?? 0) > 0)
    .map(({ p, seat }) =>
      t('value.seat', { name: seat === viewer ? t('value.you') : (names[seat] ?? `#${seat + 1}`), points: pts(lang, p) }),
    );
  return [t('value.heading'), what, ...seats];
}
