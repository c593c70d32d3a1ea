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

/**
 * What modules may import of the platform: each part's face (`@platform/<part>`, its index.ts) and the
 * browser faces below. Never the kernel: it assembles modules, modules do not use it.
 */
export const BROWSER_FACES = ['@platform/web/client', '@platform/web/client/editor', '@platform/web/client/bus', '@platform/web/backoffice/client'];

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
  if (from.kind === 'module' && to.kind === 'platform' && to.name !== 'base') return platformFaceBroken(to, specifier);
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

/** A module's import of a platform part: only through a face, never the kernel. */
function platformFaceBroken(to: Unit, specifier: string): string | undefined {
  if (to.name === 'kernel') return 'modules never import the kernel (contribution points live in the platform faces)';
  if (specifier === `@platform/${to.name}` || BROWSER_FACES.includes(specifier)) return undefined;
  const browser = specifier.startsWith('@platform/web/client') || specifier.startsWith('@platform/web/backoffice/client');
  // The most specific browser face first: '@platform/web/client/editor' before '@platform/web/client'.
  const browserFace = [...BROWSER_FACES].sort((a, b) => b.length - a.length).find((f) => specifier.startsWith(`${f}/`)) ?? '@platform/web/client';
  return `imports a file inside platform/${to.name}: use its face '${browser ? browserFace : `@platform/${to.name}`}'`;
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

/**
 * Which module owns each table: the one whose migrations create it (`createTable`, `createModelTable`,
 * `createRelationTable`). base's migrations live in platform/base.
 */
export function tableOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  const units: Array<[string, string]> = [['base', 'platform/base/migrations'], ...fs.readdirSync(path.join(root, 'modules')).map((m): [string, string] => [m, `modules/${m}/migrations`])];
  const CREATE = /(?:createTable\(|createModelTable\(\s*\w+,|createRelationTable\(\s*\w+,)\s*'([a-z_0-9]+)'/g;
  for (const [unit, dir] of units) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const entry of fs.readdirSync(abs)) {
      for (const m of fs.readFileSync(path.join(abs, entry), 'utf8').matchAll(CREATE)) owners.set(m[1], unit);
    }
  }
  return owners;
}

/** knex calls naming a table (`db('res_users')`, `.join('mail_message as m')`) and table names in raw SQL. */
const TABLE_RE = /\b(?:db|knex|trx|tx|connection)\(\s*'([a-z_0-9]+)(?: as \w+)?'|\.(?:from|join|leftJoin|innerJoin|into|table)\(\s*'([a-z_0-9]+)(?: as \w+)?'|\b(?:FROM|JOIN|UPDATE|INTO)\s+"?([a-z_0-9]+)"?/g;

/**
 * Raw reads and writes of another module's tables: they skip that module's face and its record rules.
 * A module goes through the other's services or its models (`env.model('res.users')`, with their
 * rules). Migrations are left out: a module adds its extension fields to another's table there.
 */
export function checkTableAccess(files: SourceFile[], owners: Map<string, string>): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of files) {
    const unit = unitOf(file.path);
    if (!unit || unit.kind !== 'module' || file.path.includes('/migrations/')) continue;
    for (const m of file.text.matchAll(TABLE_RE)) {
      const table = m[1] ?? m[2] ?? m[3];
      const owner = owners.get(table);
      if (owner && owner !== unit.name) {
        violations.push({ file: file.path, specifier: table, reason: `reads ${owner}'s table ${table} directly: use ${owner === 'base' ? "'@platform/base'" : `'@modules/${owner}'`} services or its models` });
      }
    }
  }
  return violations;
}

/** Test and benchmark sources: every module's and platform part's test/, the cross-module test/, and bench/. */
export function readTestTree(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string, inTest: boolean): void => {
    if (!fs.existsSync(path.join(root, dir))) return;
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        // fixtures are made-up trees; test/architecture's own tests hold planted imports as text.
        if (entry.name === 'node_modules' || entry.name === 'fixtures' || rel === 'test/architecture') continue;
        walk(rel, inTest || entry.name === 'test');
      } else if (inTest && /\.(ts|tsx)$/.test(entry.name)) {
        files.push({ path: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') });
      }
    }
  };
  walk('platform', false);
  walk('modules', false);
  walk('test', true);
  walk('bench', true);
  return files;
}

/** A test-support face: `@modules/<name>/test/support` or `@platform/<part>/test/support` (its index.ts). */
const TEST_FACE = /^@(?:modules|platform)\/[a-z_]+\/test\/support$/;

/**
 * The rules for tests and benchmarks. Another module is reached through its face or its test-support
 * face, never its internals. A module's tests use the platform through its faces (and the shared
 * test/support), like the module; platform tests, cross-module tests and benchmarks assemble the
 * system and may use the platform's parts.
 */
export function checkTestImports(files: SourceFile[]): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of files) {
    const from = unitOf(file.path);
    for (const specifier of importsOf(file.text)) {
      const target = resolveSpecifier(file.path, specifier);
      if (!target) continue;
      const to = unitOf(target);
      if (!to || (from && from.kind === to.kind && from.name === to.name)) continue;
      if (TEST_FACE.test(specifier)) continue;
      if (specifier.startsWith('.') && !target.startsWith('test/')) {
        violations.push({ file: file.path, specifier, reason: `crosses into ${to.kind === 'platform' ? 'platform' : 'modules'}/${to.name} by a relative path: use the alias` });
        continue;
      }
      const toModule = to.kind === 'module' ? to.name : to.name === 'base' ? 'base' : undefined;
      if (toModule) {
        const face = toModule === 'base' ? '@platform/base' : `@modules/${toModule}`;
        if (specifier !== face) violations.push({ file: file.path, specifier, reason: `reaches into ${toModule}'s internals: import its face '${face}' or its test-support face '${face === '@platform/base' ? '@platform/base' : face}/test/support'` });
        continue;
      }
      if (from?.kind === 'module') {
        const reason = platformFaceBroken(to, specifier);
        if (reason) violations.push({ file: file.path, specifier, reason: reason.replace('modules never import the kernel', "a module's tests boot the kernel through test/support") });
      }
    }
  }
  return violations;
}
