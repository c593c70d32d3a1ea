import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { MESSAGES } from '../server/services/account-details';

const ROOT = path.join(__dirname, '..');

/** English strings the portal shows: `_t('...')` calls, field labels and the server's messages. */
function shownStrings(): string[] {
  const found = new Set<string>();
  for (const file of ['web/pages/account-page.tsx', 'web/islands/address-selects.tsx']) {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of source.matchAll(/_t\('((?:[^'\\]|\\.)+)'\)/g)) found.add(m[1].replace(/\\'/g, "'"));
    for (const m of source.matchAll(/\blabel="([^"]+)"/g)) found.add(m[1]);
  }
  for (const message of Object.values(MESSAGES)) if (typeof message === 'string') found.add(message);
  return [...found];
}

describe('portal: French translations', () => {
  it('translate every string the details page shows', () => {
    const fr = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'fr_FR.json'), 'utf8')) as Record<string, string>;
    const strings = shownStrings();
    expect(strings.length).to.be.greaterThan(20);
    expect(strings.filter((s) => !fr[s])).to.deep.equal([]);
  });
});
