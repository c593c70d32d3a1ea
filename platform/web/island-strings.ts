import fs from 'node:fs';
import path from 'node:path';
import type { DiscoveredModule } from '@platform/core/manifest';
import { moduleIslands } from './module-islands';

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

/** Decodes the attribute value React wrote (`data-props="{&quot;a&quot;:1}"`). */
function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, into);
}

const ISLAND = /data-island="([^"]+)" data-props="([^"]*)"/g;

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

  /** The part of `dictionary` that the islands of these rendered HTML fragments may use. */
  pick(htmlParts: string[], dictionary: Record<string, string>): Record<string, string> {
    const wanted = new Set<string>();
    const add = (set: Iterable<string>) => {
      for (const s of set) if (Object.hasOwn(dictionary, s)) wanted.add(s);
    };
    add(this.runtime);
    for (const html of htmlParts) {
      for (const [, name, props] of html.matchAll(ISLAND)) {
        const own = this.byIsland.get(name);
        if (own) add(own);
        try {
          const strings = new Set<string>();
          collectStrings(JSON.parse(unescapeAttribute(props)), strings);
          add(strings);
        } catch {
          // props that are not JSON: nothing more to pick
        }
      }
    }
    return Object.fromEntries([...wanted].sort().map((s) => [s, dictionary[s]]));
  }
}
