// The page's two routes: the lobby at /, a game at /game/{id} (an invitation adds #seat=S&token=T).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { Lang, translator } from '../i18n';
import { LangContext, initialLang } from './i18n';
import { Lobby } from './Lobby';
import { GamePage } from './Game';

export function route(path: string): { page: 'lobby' } | { page: 'game'; id: string } {
  const m = /^\/game\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return m ? { page: 'game', id: m[1] } : { page: 'lobby' };
}

export function App() {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const ctx = useMemo(
    () => ({
      lang,
      t: translator(lang),
      setLang: (l: Lang) => {
        localStorage.setItem('fortuna.lang', l);
        setLangState(l);
      },
    }),
    [lang],
  );
  const r = route(path);
  return (
    <LangContext.Provider value={ctx}>
      {r.page === 'game' ? <GamePage key={r.id} gameId={r.id} /> : <Lobby />}
    </LangContext.Provider>
  );
}
