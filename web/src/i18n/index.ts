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

const PLURAL_RULES = new Map<Lang, Intl.PluralRules>();

/**
 * The catalogues' plural form for a count, from the CLDR rules the browser knows (Intl.PluralRules): English
 * one/other, Czech one/few/other (whole numbers), Russian one/few/many. The catalogues name three forms, so
 * "other" is written as "many" (English and Czech have no "many" for whole numbers).
 */
export function pluralCategory(lang: Lang, n: number): 'one' | 'few' | 'many' {
  let rules = PLURAL_RULES.get(lang);
  if (!rules) PLURAL_RULES.set(lang, (rules = new Intl.PluralRules(lang)));
  const c = rules.select(n);
  return c === 'one' || c === 'few' ? c : 'many';
}

export function translator(lang: Lang): T {
  const cat = CATALOGUES[lang];
  return (key, params) => format(cat[key] ?? en[key] ?? key, params);
}

/**
 * A server refusal in the page's language, by its stable code; the server's own (English) text only for a code
 * this client has no message for (a newer server's).
 */
export function refusal(t: T, r: { code: string; message: string }): string {
  const key = `error.${r.code}`;
  return key in en ? t(key as MessageKey) : r.message;
}

/** The counted nouns of the catalogues: each has a one, few and many form per language. */
export type Counted = 'pts' | 'n.tilesOf' | 'n.sectors' | 'n.knights' | 'n.withPennants' | 'n.pennants' | 'n.farmers'
  | 'n.nextToCities' | 'n.followers' | 'n.monks';

/** "1 tile" / "2 tiles"; "2 kartiček"; "21 тайла": the noun in the form its count asks for. */
export function count(lang: Lang, noun: Counted, n: number): string {
  const key = `${noun}.${pluralCategory(lang, n)}` as MessageKey;
  return format(CATALOGUES[lang][key], { n });
}

/** "3 points" / "3 body" / "3 очка". */
export function points(lang: Lang, n: number): string {
  return count(lang, 'pts', n);
}
