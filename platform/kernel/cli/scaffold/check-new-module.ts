import fs from 'node:fs';
import path from 'node:path';
import type { DiscoveredModule } from '@platform/core/manifest';
import { UserError } from '@platform/core/errors';
import { UsageError } from '../args';

/** Strict lower_snake_case: no leading digit, no double or trailing underscore (the name becomes identifiers). */
const NAME_RE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** Two letters would be a language's URL prefix (`/fr`); PostgreSQL cuts identifiers at 63 characters. */
const MIN_LENGTH = 3;
const MAX_LENGTH = 40;

/**
 * Names a module cannot take although no module has them: folders of the repository and the words of
 * the path aliases (`@platform/<part>`, `@modules/<name>`), and the first segment of URLs the platform
 * answers itself (the module's page is `/<name>`). Every folder under platform/ is added at run time.
 */
const RESERVED = [
  'platform', 'modules', 'test', 'tests', 'bench', 'fixtures', 'support', 'node_modules', 'data', 'scaffold',
  'core', 'kernel', 'db', 'orm', 'http', 'web', 'jobs', 'common', 'base', 'index', 'manifest',
  'health', 'longpolling', 'websocket', 'page', 'sitemap', 'robots', 'assets', 'static',
];

export interface NewModuleRequest {
  name: string;
  depends: string[];
}

/**
 * Refuses, before anything is written, a name that is malformed (a usage error: exit 2), reserved or
 * taken, and dependencies that are not modules of this repository (exit 1). `discover` lists every
 * module, installed or not; it loads every manifest, so it runs only for a well-formed name.
 */
export function checkNewModule(request: NewModuleRequest, repoRoot: string, discover: () => DiscoveredModule[]): void {
  const { name, depends } = request;
  if (!NAME_RE.test(name)) throw new UsageError(`'${name}' is not a module name: use lower_snake_case (e.g. shop_reviews)`);
  if (name.length < MIN_LENGTH || name.length > MAX_LENGTH) {
    throw new UsageError(`'${name}' must be ${MIN_LENGTH} to ${MAX_LENGTH} characters long`);
  }
  if (reservedNames(repoRoot).has(name)) throw new UserError(`'${name}' is reserved (a platform part, folder or URL of the platform); choose another name`);
  const discovered = discover();
  const existing = discovered.find((m) => m.manifest.name === name);
  if (existing) throw new UserError(`module '${name}' already exists (${path.relative(repoRoot, existing.path)}); nothing is overwritten`);
  if (fs.existsSync(path.join(repoRoot, 'modules', name))) throw new UserError(`modules/${name} already exists; nothing is overwritten`);

  const known = new Set(discovered.map((m) => m.manifest.name));
  const unknown = depends.filter((d) => !known.has(d));
  if (unknown.length) {
    throw new UserError(`unknown module(s) in --depends: ${unknown.join(', ')} (known: ${[...known].sort().join(', ')})`);
  }
}

/** `--depends a,b` as a list: trimmed, without blanks or repeats. */
export function parseDepends(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((d) => d.trim()).filter(Boolean))];
}

function reservedNames(repoRoot: string): Set<string> {
  const platformParts = fs.readdirSync(path.join(repoRoot, 'platform'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  return new Set([...RESERVED, ...platformParts]);
}
