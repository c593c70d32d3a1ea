import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.join(__dirname, '..');
const FILES = ['server/routes/login-page.tsx', 'web/pages/site-settings-page.tsx', 'web/islands/logo-upload.tsx', 'server/services/site-settings-schema.ts', 'server/services/site-settings.ts', 'server/services/password-reset.ts', 'server/routes/password-reset-routes.tsx'];

/** English strings the account and settings pages show: `_t('...')` calls, labels, titles, help and messages. */
function shownStrings(): string[] {
  const found = new Set<string>();
  for (const file of FILES) {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of source.matchAll(/_t\('((?:[^'\\]|\\.)+)'\)/g)) found.add(m[1].replace(/\\'/g, "'"));
    for (const m of source.matchAll(/\b(?:label|title|help|text|error)="([^"]+)"/g)) found.add(m[1]);
    for (const m of source.matchAll(/(?:page|UserError|ValidationError|AccessError|errors\.[a-z_]+ =)\('([^']+)'/g)) found.add(m[1]);
    for (const m of source.matchAll(/'(This [^']+\.|The [^']+\.|Write [^']+|Choose [^']+\.)'/g)) found.add(m[1]);
  }
  return [...found].filter((s) => /[a-z]/.test(s) && !s.includes('${'));
}

describe('base: French translations of the account and settings pages', () => {
  it('translate every string they show', () => {
    const fr = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'fr_FR.json'), 'utf8')) as Record<string, string>;
    const strings = shownStrings();
    expect(strings.length).to.be.greaterThan(60);
    expect(strings.filter((s) => !fr[s])).to.deep.equal([]);
  });
});
