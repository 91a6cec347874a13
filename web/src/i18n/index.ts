// Message catalogues and the formatting around them. The language comes from the browser's preferred
// languages unless the player picked one with the switch (kept in localStorage).
import { en, MessageKey, Messages } from './en';
import { cs } from './cs';
import { ru } from './ru';

export type Lang = 'en' | 'cs' | 'ru';
export const LANGS: readonly Lang[] = ['en', 'cs', 'ru'];
export const LANG_NAMES: Record<Lang, string> = { en: 'English', cs: 'Čeština', ru: 'Русский' };
export const CATALOGUES: Record<Lang, Messages> = { en, cs, ru };
export type { MessageKey };

export type Params = Record<string, string | number>;
export type T = (key: MessageKey, params?: Params) => string;

/** The first of the browser's languages that has a catalogue (by primary subtag), English otherwise. */
export function detectLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if ((LANGS as readonly string[]).includes(primary)) return primary as Lang;
  }
  return 'en';
}

/** Replaces each {name} with its parameter; an unknown parameter stays visible so that a test catches it. */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** CLDR plural category for counts in the three languages (only what the catalogues need: one, few, many). */
export function pluralCategory(lang: Lang, n: number): 'one' | 'few' | 'many' {
  const abs = Math.abs(n);
  if (lang === 'en') return abs === 1 ? 'one' : 'many';
  if (lang === 'cs') return abs === 1 ? 'one' : abs >= 2 && abs <= 4 ? 'few' : 'many';
  const m10 = abs % 10, m100 = abs % 100;
  if (m10 === 1 && m100 !== 11) return 'one';
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return 'few';
  return 'many';
}

export function translator(lang: Lang): T {
  const cat = CATALOGUES[lang];
  return (key, params) => format(cat[key] ?? en[key] ?? key, params);
}

/** "3 points" / "3 body" / "3 очка". */
export function points(lang: Lang, n: number): string {
  const key = `pts.${pluralCategory(lang, n)}` as MessageKey;
  return format(CATALOGUES[lang][key], { n });
}
