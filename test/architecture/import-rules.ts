import fs from 'node:fs';
import path from 'node:path';

/**
 * The import rules of the tree, checked over source text (no build needed):
 * - the platform is layered: a part imports only the parts below it (PLATFORM_LAYERS, bottom first);
 * - nothing in `platform/` imports `modules/`;
 * - a module imports another module only through its public face (`@modules/<name>`, `@platform/base`)
 *   and only if its manifest depends on it;
 * - an import that leaves its platform part or module uses the path alias, never `../../`.
 * Tests and fixtures are left out: a module's tests may reach into its own and its dependencies' parts.
 */
export const PLATFORM_LAYERS = ['common', 'core', 'db', 'orm', 'mail', 'jobs', 'http', 'web', 'base', 'kernel'] as const;

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface ImportViolation {
  file: string;
  specifier: string;
  reason: string;
}

/** Where a file belongs: a platform part (`platform/<part>`) or a module (`modules/<name>`). */
interface Unit {
  kind: 'platform' | 'module';
  name: string;
}

const IMPORT_RE = /(?:^|[^\w.$])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]|(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

export function unitOf(file: string): Unit | undefined {
  const [top, name] = file.split('/');
  if (top === 'platform' && name) return { kind: 'platform', name };
  if (top === 'modules' && name) return { kind: 'module', name };
  return undefined;
}

/** The repository path a specifier names, or undefined for a package. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (specifier.startsWith('@platform/')) return `platform/${specifier.slice('@platform/'.length)}`;
  if (specifier === '@platform') return 'platform';
  if (specifier.startsWith('@modules/')) return `modules/${specifier.slice('@modules/'.length)}`;
  return undefined;
}

/** Lists every import of the given files that breaks a rule. `depends`: module name -> its manifest's depends. */
export function checkImports(files: SourceFile[], depends: Map<string, string[]>): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of files) {
    const from = unitOf(file.path);
    if (!from) continue;
    for (const specifier of importsOf(file.text)) {
      const target = resolveSpecifier(file.path, specifier);
      if (!target) continue;
      const to = unitOf(target);
      const reason = to ? ruleBroken(from, to, specifier, depends) : `leaves platform/ and modules/ (${target})`;
      if (reason) violations.push({ file: file.path, specifier, reason });
    }
  }
  return violations;
}

function ruleBroken(from: Unit, to: Unit, specifier: string, depends: Map<string, string[]>): string | undefined {
  if (from.kind === to.kind && from.name === to.name) return undefined;
  if (specifier.startsWith('.')) return `crosses into ${to.kind === 'platform' ? 'platform' : 'modules'}/${to.name} by a relative path: use the @${to.kind === 'platform' ? 'platform' : 'modules'}/ alias`;
  if (from.kind === 'platform' && to.kind === 'module') return `platform/ must not import modules/ (${to.name})`;
  const fromModule = moduleName(from);
  const toModule = moduleName(to);
  if (toModule) {
    const face = toModule === 'base' ? '@platform/base' : `@modules/${toModule}`;
    if (specifier !== face) return `reaches into ${toModule}'s internals: import its public face '${face}'`;
    if (fromModule && toModule !== 'base' && !(depends.get(fromModule) ?? []).includes(toModule)) {
      return `${fromModule} does not depend on ${toModule} (add it to the manifest's depends or do without it)`;
    }
    if (!fromModule && from.kind === 'platform' && layerOf(from.name) < layerOf(toModule)) {
      return `platform/${from.name} is below platform/base and must not import it`;
    }
    return undefined;
  }
  if (from.kind === 'platform') {
    const fromLayer = layerOf(from.name);
    const toLayer = layerOf(to.name);
    if (toLayer < 0) return `platform/${to.name} is not a known layer (${PLATFORM_LAYERS.join(' < ')})`;
    if (fromLayer < 0) return `platform/${from.name} is not a known layer (${PLATFORM_LAYERS.join(' < ')})`;
    if (toLayer > fromLayer) return `runs upward: platform/${from.name} is below platform/${to.name} (${PLATFORM_LAYERS.join(' < ')})`;
  }
  return undefined;
}

/** `base` is a platform part and a module; other platform parts are not modules. */
function moduleName(unit: Unit): string | undefined {
  if (unit.kind === 'module') return unit.name;
  return unit.name === 'base' ? 'base' : undefined;
}

function layerOf(part: string): number {
  return (PLATFORM_LAYERS as readonly string[]).indexOf(part);
}

export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT_RE)) found.push(match[1] ?? match[2]);
  return found;
}

/** The production sources under platform/ and modules/ (tests and fixtures left out). */
export function readSourceTree(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(rel);
      } else if (/\.(ts|tsx)$/.test(entry.name)) {
        files.push({ path: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') });
      }
    }
  };
  walk('platform');
  walk('modules');
  return files;
}
