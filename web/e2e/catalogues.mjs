// The client's message catalogues, loaded from their TypeScript sources (esbuild strips the types), so that
// the language test knows every English text the page could show.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n');

export async function loadCatalogues() {
  const dir = mkdtempSync(join(tmpdir(), 'fortuna-i18n-'));
  try {
    const out = {};
    for (const lang of ['en', 'cs', 'ru']) {
      const js = transformSync(readFileSync(join(src, `${lang}.ts`), 'utf8'), { loader: 'ts', format: 'esm' }).code;
      const file = join(dir, `${lang}.mjs`);
      writeFileSync(file, js);
      out[lang] = (await import(file))[lang];
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const words = (s) => s.replace(/\{\w+\}/g, ' ').split(/[^A-Za-z]+/).filter((w) => w.length >= 3).map((w) => w.toLowerCase());

/** Words of three or more Latin letters that occur in English messages and in no Czech or Russian one. */
export function englishOnlyWords(cat) {
  const elsewhere = new Set([...Object.values(cat.cs), ...Object.values(cat.ru)].flatMap(words));
  return new Set(Object.values(cat.en).flatMap(words).filter((w) => !elsewhere.has(w)));
}
