import fs from 'node:fs';
import path from 'node:path';
import { BLOCK_CATALOG } from './block-catalog';

/** The languages the home page of data and demo is written in, with their UI translations. */
const LANGS = ['en_US', 'fr_FR'] as const;

function translator(lang: string): (source: string) => string {
  const file = path.join(__dirname, '..', '..', 'i18n', `${lang}.json`);
  const strings: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return (source) => strings[source] ?? source;
}

function block(id: string, t: (s: string) => string): string {
  const template = BLOCK_CATALOG.find((b) => b.id === id);
  if (!template) throw new Error(`No block '${id}' in the catalog`);
  return template.html(t);
}

/** The home page's content in each language, built of catalog blocks (`links` replaces their `href="/"`). */
export function homePageContent(ids: string[], links: string[] = []): Record<string, string> {
  return Object.fromEntries(LANGS.map((lang) => {
    const t = translator(lang);
    let link = 0;
    const html = ids.map((id) => block(id, t)).join('')
      .replace(/<a class="btn([^"]*)" href="\/"/g, (whole, cls: string) => (link < links.length ? `<a class="btn${cls}" href="${links[link++]}"` : whole));
    return [lang, html];
  }));
}
