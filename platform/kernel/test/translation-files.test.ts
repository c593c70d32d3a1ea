import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const REPO = path.resolve(__dirname, '..', '..', '..');

/** Every translation file of the platform's parts and of the modules. */
function translationFiles(): string[] {
  const files: string[] = [];
  for (const top of ['platform', 'modules']) {
    for (const part of fs.readdirSync(path.join(REPO, top))) {
      const dir = path.join(REPO, top, part, 'i18n');
      if (!fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.json')) files.push(path.join(dir, f));
    }
  }
  return files;
}

describe('translation files', () => {
  // JSON.parse keeps the last of two equal keys without a word, so a string translated twice (two
  // engineers adding it at once) silently loses one translation, and tools that rewrite the file drop it.
  it('are JSON objects of strings, each English string once', () => {
    const files = translationFiles();
    expect(files.length).to.be.greaterThan(5);
    const problems: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const keys = [...text.matchAll(/^\s*("(?:[^"\\]|\\.)*")\s*:/gm)].map((m) => JSON.parse(m[1]) as string);
      const name = path.relative(REPO, file);
      if (keys.length !== Object.keys(parsed).length) {
        const seen = new Set<string>();
        for (const k of keys) {
          if (seen.has(k)) problems.push(`${name}: "${k}" twice`);
          seen.add(k);
        }
      }
      for (const [k, v] of Object.entries(parsed)) if (typeof v !== 'string') problems.push(`${name}: "${k}" is not a string`);
    }
    expect(problems).to.deep.equal([]);
  });
});
