import fs from 'node:fs';
import path from 'node:path';
import { ModuleLoadError } from '@platform/core/errors';
import type { DiscoveredModule, ModuleManifest } from '@platform/core/manifest';

const NAME_RE = /^[a-z][a-z0-9_]*$/;
const VERSION_RE = /^\d+\.\d+(\.\d+)?$/;

/** Folders that hold modules: the built-in `base` and every folder under `modules/`. */
export function defaultModuleRoots(repoRoot: string): string[] {
  return [path.join(repoRoot, 'platform', 'base'), path.join(repoRoot, 'modules')];
}

/**
 * Finds modules: a root is either itself a module (has manifest.ts) or a folder of modules.
 * Every manifest is validated; a bad one stops the boot with the module's name and the reason.
 */
export function discoverModules(roots: string[]): DiscoveredModule[] {
  const found: DiscoveredModule[] = [];
  const seen = new Map<string, string>();
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    const folders = fs.existsSync(path.join(root, 'manifest.ts'))
      ? [root]
      : fs.readdirSync(root, { withFileTypes: true })
          .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, e.name, 'manifest.ts')))
          .map((e) => path.join(root, e.name));
    for (const folder of folders) {
      const manifest = loadManifest(folder);
      const previous = seen.get(manifest.name);
      if (previous) throw new ModuleLoadError(manifest.name, `defined twice (${previous} and ${folder})`);
      seen.set(manifest.name, folder);
      found.push({ manifest, path: folder });
    }
  }
  return found;
}

function loadManifest(folder: string): ModuleManifest {
  const folderName = path.basename(folder);
  let exported: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.join(folder, 'manifest.ts'));
    exported = mod.default ?? mod.manifest;
  } catch (err) {
    throw new ModuleLoadError(folderName, `manifest cannot be loaded: ${(err as Error).message}`);
  }
  validateManifest(exported, folderName);
  return exported;
}

export function validateManifest(value: unknown, folderName: string): asserts value is ModuleManifest {
  const fail = (reason: string): never => {
    throw new ModuleLoadError(folderName, `invalid manifest: ${reason}`);
  };
  if (!value || typeof value !== 'object') fail('manifest.ts must export a manifest as default');
  const m = value as Record<string, unknown>;
  if (typeof m.name !== 'string' || !NAME_RE.test(m.name)) fail('name must be lower_snake_case');
  if (m.name !== folderName) fail(`name '${String(m.name)}' does not match its folder '${folderName}'`);
  if (typeof m.version !== 'string' || !VERSION_RE.test(m.version)) fail('version must look like 1.0 or 1.0.0');
  if (typeof m.summary !== 'string' || !m.summary.trim()) fail('summary is required');
  if (!Array.isArray(m.depends) || m.depends.some((d) => typeof d !== 'string')) fail('depends must be a list of module names');
  if ((m.depends as string[]).includes(m.name as string)) fail('a module cannot depend on itself');
  for (const key of ['server', 'data', 'demo'] as const) {
    if (m[key] !== undefined && typeof m[key] !== 'function') fail(`${key} must be a function`);
  }
  if (m.migrations !== undefined && typeof m.migrations !== 'string') fail('migrations must be a folder name');
  for (const key of ['access', 'rules', 'groups'] as const) {
    if (m[key] !== undefined && !Array.isArray(m[key])) fail(`${key} must be a list`);
  }
}
