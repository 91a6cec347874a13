import { describe, expect, it } from 'vitest';
// The server's enum itself, as text (Vite's ?raw import), so that a code added there without a message fails here.
import errorCodeJava from '../../protocol/src/main/java/dev/fortuna/protocol/ErrorCode.java?raw';
import { CATALOGUES, LANGS, count, detectLang, format, pluralCategory, points, refusal, translator } from '../src/i18n';
import { en } from '../src/i18n/en';

// Words that are the same in every language (names and the game's own title in Czech).
const SAME_IN_ALL = new Set(['app.title', 'log.SectorResolved', 'log.pointsOf', 'value.seat', 'term.inquisition']);

describe('catalogues', () => {
  const keys = Object.keys(en).sort();
  for (const lang of LANGS) {
    it(`${lang} has exactly the English keys`, () => {
      expect(Object.keys(CATALOGUES[lang]).sort()).toEqual(keys);
    });
    it(`${lang} uses the same parameters as English in every message`, () => {
      for (const k of keys) {
        const params = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect([k, params(CATALOGUES[lang][k as keyof typeof en])]).toEqual([k, params(en[k as keyof typeof en])]);
      }
    });
  }
  for (const lang of ['cs', 'ru'] as const) {
    it(`${lang} translates every message (none equal to the English text)`, () => {
      const untranslated = keys.filter(
        (k) => !SAME_IN_ALL.has(k) && CATALOGUES[lang][k as keyof typeof en] === en[k as keyof typeof en],
      );
      expect(untranslated).toEqual([]);
    });
  }
  it('Russian sector names are the rulebook’s', () => {
    const t = translator('ru');
    expect(['FORTUNE', 'TAX', 'FAMINE', 'STORM', 'INQUISITION', 'PLAGUE'].map((s) => t(`sector.${s}` as never))).toEqual([
      'Фортуна', 'Налог', 'Голод', 'Буря', 'Инквизиция', 'Чума',
    ]);
  });
  it('Czech follower roles are the rulebook’s', () => {
    const t = translator('cs');
    expect(['ROAD', 'CITY', 'FIELD', 'CLOISTER'].map((k) => t(`role.${k}` as never))).toEqual(['lupič', 'rytíř', 'sedlák', 'mnich']);
  });
});

describe('language and formatting', () => {
  it('detects the first supported browser language', () => {
    expect(detectLang(['de-DE', 'cs-CZ', 'en'])).toBe('cs');
    expect(detectLang(['ru'])).toBe('ru');
    expect(detectLang(['fr', 'de'])).toBe('en');
    expect(detectLang([])).toBe('en');
  });
  it('fills parameters and leaves unknown ones visible', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
  it('chooses plural forms', () => {
    expect([1, 2, 5, 11, 21, 22, 25, 112].map((n) => pluralCategory('ru', n))).toEqual([
      'one', 'few', 'many', 'many', 'one', 'few', 'many', 'many',
    ]);
    expect([1, 2, 4, 5, 0].map((n) => pluralCategory('cs', n))).toEqual(['one', 'few', 'few', 'many', 'many']);
    expect(points('en', 1)).toBe('1 point');
    expect(points('en', 0)).toBe('0 points');
    expect(points('cs', 3)).toBe('3 body');
    expect(points('ru', 21)).toBe('21 очко');
    expect(points('ru', 5)).toBe('5 очков');
    expect([0, 1, 2, 5, 21].map((n) => pluralCategory('en', n))).toEqual(['many', 'one', 'many', 'many', 'many']);
    expect(count('cs', 'n.knights', 1)).toBe('1 rytíř');
    expect(count('cs', 'n.knights', 3)).toBe('3 rytíři');
    expect(count('cs', 'n.knights', 7)).toBe('7 rytířů');
    expect(count('ru', 'n.followers', 22)).toBe('22 фишки');
    expect(count('ru', 'n.followers', 11)).toBe('11 фишек');
  });
  it('has one, few and many forms of every counted noun', () => {
    const counted = [...new Set(Object.keys(en).filter((k) => /\.(one|few|many)$/.test(k)).map((k) => k.replace(/\.(one|few|many)$/, '')))];
    expect(counted.sort()).toEqual(['n.farmers', 'n.followers', 'n.knights', 'n.monks', 'n.nextToCities', 'n.pennants', 'n.sectors', 'n.tilesOf', 'n.withPennants', 'pts']);
    for (const noun of counted) {
      for (const form of ['one', 'few', 'many']) expect(Object.keys(en)).toContain(`${noun}.${form}`);
    }
  });
});

describe('server refusals', () => {
  // The codes of the protocol module's ErrorCode enum, as the server sends them. NO_FOLLOWER_IN_SUPPLY is never sent
  // (the engine offers no deployment without a follower in supply) and has no message.
  const codes = [...errorCodeJava.matchAll(/^ {4}([A-Z][A-Z_]+)\s*[,;]?\s*$/gm)].map((m) => m[1]).filter((c) => c !== 'NO_FOLLOWER_IN_SUPPLY');
  it('finds the server’s codes', () => {
    expect(codes).toContain('STALE_PLY');
    expect(codes).toContain('UNSUPPORTED_MEDIA_TYPE');
    expect(codes.length).toBeGreaterThan(20);
  });
  it('each code the server sends has a message in every language', () => {
    for (const lang of LANGS) {
      const t = translator(lang);
      for (const code of codes) {
        const text = refusal(t, { code, message: 'server text' });
        expect([lang, code, text === 'server text']).toEqual([lang, code, false]);
      }
    }
    expect(refusal(translator('cs'), { code: 'SQUARE_TAKEN', message: 'square (0,1) is taken' })).toBe('Toto pole je už obsazené');
    expect(refusal(translator('ru'), { code: 'NOT_ADJACENT', message: 'x' })).toBe('Тайл должен касаться местности стороной');
  });
  it('keeps the server’s text for a code it does not know', () => {
    expect(refusal(translator('ru'), { code: 'SOMETHING_NEW', message: 'a newer server' })).toBe('a newer server');
  });
  it('has no message for a code that is not sent', () => {
    expect(Object.keys(en).filter((k) => k.startsWith('error.') && !codes.includes(k.slice(6)))).toEqual([]);
  });
});
