// The current language for the whole page: a context holding the translator, and the switch shown on
// every page. The choice is kept in localStorage; without one, the browser's languages decide.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { LANGS, LANG_NAMES, Lang, T, detectLang, translator } from '../i18n';

export interface LangState {
  lang: Lang;
  t: T;
  setLang: (l: Lang) => void;
}

export const LangContext = createContext<LangState>({ lang: 'en', t: translator('en'), setLang: () => {} });
export const useLang = () => useContext(LangContext);

export function initialLang(): Lang {
  const kept = localStorage.getItem('fortuna.lang');
  if (kept && (LANGS as readonly string[]).includes(kept)) return kept as Lang;
  return detectLang(navigator.languages ?? [navigator.language]);
}

export function LangSwitch() {
  const { lang, setLang, t } = useLang();
  return (
    <label class="lang-switch">
      <span class="sr-only">{t('lang.label')}</span>
      <select
        aria-label={t('lang.label')}
        value={lang}
        onChange={(e) => setLang((e.currentTarget as HTMLSelectElement).value as Lang)}
      >
        {LANGS.map((l) => (
          <option value={l}>{LANG_NAMES[l]}</option>
        ))}
      </select>
    </label>
  );
}
