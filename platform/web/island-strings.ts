import fs from 'node:fs';
import path from 'node:path';
import type { DiscoveredModule } from '@platform/core/manifest';
import { moduleIslands } from './module-islands';
import type { RenderedIsland } from './island-tracking';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

/**
 * The string literals of a source file: quoted strings, and template literals without substitutions.
 * A small scanner rather than a regular expression: a template's `${...}` holds code (and quotes) of
 * its own, and comments may hold quotes.
 */
function literals(source: string, into: Set<string>): void {
  // Open template literals: the brace depth of the code inside each one's current `${`.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const n = source.length;
  /** Reads a quoted string or a template chunk from i (after its opening quote) up to `end` chars. */
  const read = (ends: string): { text: string; stop: string } => {
    let text = '';
    while (i < n) {
      const c = source[i];
      if (c === '\\') {
        text += ESCAPES[source[i + 1]] ?? source[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ends.includes(c)) {
        if (c === '$' && source[i + 1] !== '{') { text += c; i++; continue; }
        i += c === '$' ? 2 : 1;
        return { text, stop: c };
      }
      if (c === '\n' && !ends.includes('`')) { i++; return { text, stop: '\n' }; }
      text += c;
      i++;
    }
    return { text, stop: '' };
  };
  const template = (fresh: boolean) => {
    const { text, stop } = read('`$');
    if (stop === '$') templates.push(depth);
    else if (fresh && text) into.add(text);
  };
  while (i < n) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') { i = source.indexOf('\n', i); if (i < 0) break; continue; }
    if (c === '/' && source[i + 1] === '*') { i = source.indexOf('*/', i + 2); if (i < 0) break; i += 2; continue; }
    i++;
    if (c === '\'' || c === '"') {
      const { text, stop } = read(c);
      if (stop === c && text) into.add(text);
    } else if (c === '`') template(true);
    else if (c === '{') depth++;
    else if (c === '}') {
      if (templates.length && templates[templates.length - 1] === depth) {
        templates.pop();
        template(false); // the rest of a template after its `${...}`: not one whole string
      } else depth--;
    }
  }
}

/** The files a loaded module brings (its imports, transitively), the repository's own only. */
function closure(file: string): string[] {
  const seen = new Set<string>();
  const start = require.cache[require.resolve(file)];
  const queue = start ? [start] : [];
  while (queue.length) {
    const mod = queue.pop()!;
    if (seen.has(mod.filename) || mod.filename.includes(`${path.sep}node_modules${path.sep}`)) continue;
    seen.add(mod.filename);
    queue.push(...mod.children);
  }
  return [...seen];
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, into);
}

function isEmpty(dictionary: Record<string, string>): boolean {
  for (const key in dictionary) if (Object.hasOwn(dictionary, key)) return false;
  return true;
}

/** The runtime's key among the islands' names in `IslandStrings.known` (no island is named so: no dot). */
const RUNTIME = '';

/** The strings of an island's props (JSON); none for props that are not JSON. */
function propStrings(json: string): string[] {
  try {
    const strings = new Set<string>();
    collectStrings(JSON.parse(json), strings);
    return [...strings];
  } catch {
    return [];
  }
}

/**
 * Which UI strings a page's islands may ask for, so a page ships those translations only rather than
 * the whole dictionary of the site's modules (editor strings included). An island may translate the
 * string literals of its own code and of what it imports (read once at boot from the loaded files:
 * constants passed to `_t()` included), the strings of its props (texts the server hands over), and
 * those of the browser runtime every page loads.
 */
export class IslandStrings {
  private readonly byIsland = new Map<string, Set<string>>();
  private readonly runtime = new Set<string>();
  /** Per dictionary (a language of a set of modules; replaced, not changed, when it changes): see `known`. */
  private readonly inDictionary = new WeakMap<Record<string, string>, Map<string, string[]>>();

  constructor(modules: DiscoveredModule[], runtimeDir = path.join(__dirname, 'client')) {
    for (const m of modules) {
      for (const { name, file } of moduleIslands(m)) {
        const strings = new Set<string>();
        for (const f of closure(file)) literals(fs.readFileSync(f, 'utf8'), strings);
        this.byIsland.set(name, strings);
      }
    }
    // The runtime's own files (rpc errors, dialogs, the bus), not the editor's: islands that use it import it.
    for (const dir of [runtimeDir, path.join(runtimeDir, 'bus')]) {
      if (!fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir).filter((n) => /\.tsx?$|\.js$/.test(n))) literals(fs.readFileSync(path.join(dir, f), 'utf8'), this.runtime);
    }
  }

  /** The part of `dictionary` that these rendered islands (island-tracking.ts) may use. */
  pick(islands: readonly RenderedIsland[], dictionary: Record<string, string>): Record<string, string> {
    // A language without translations (the source language): nothing to pick, nor any prop to read for it.
    if (isEmpty(dictionary)) return {};
    const wanted = new Set<string>(this.known(dictionary, RUNTIME, this.runtime));
    const names = new Set<string>();
    for (const island of islands) {
      names.add(island.name);
      for (const s of (island.strings ??= propStrings(island.props))) if (Object.hasOwn(dictionary, s)) wanted.add(s);
    }
    for (const name of names) {
      const own = this.byIsland.get(name);
      if (own) for (const s of this.known(dictionary, name, own)) wanted.add(s);
    }
    return Object.fromEntries([...wanted].sort().map((s) => [s, dictionary[s]]));
  }

  /** Which of an island's (or the runtime's) strings a dictionary holds, worked out once per dictionary. */
  private known(dictionary: Record<string, string>, name: string, strings: Set<string>): string[] {
    let byName = this.inDictionary.get(dictionary);
    if (!byName) this.inDictionary.set(dictionary, (byName = new Map()));
    let found = byName.get(name);
    if (!found) byName.set(name, (found = [...strings].filter((s) => Object.hasOwn(dictionary, s))));
    return found;
  }
}
