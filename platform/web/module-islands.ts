import path from 'node:path';
import { ModuleLoadError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import { isIsland } from './island';

/** An island as the bundler needs it: the name the page markers carry, and the file that defines it. */
export interface IslandSource {
  name: string;
  file: string;
}

/**
 * The islands a module ships, named by their own files (`defineIsland('<module>.<widget>', ...)`), so
 * the name the server renders and the name the browser looks up cannot differ. A listed file that
 * does not export an island of this module stops the boot, naming the module and the file: in the
 * browser a wrong name would only leave the widget dead.
 */
export function moduleIslands(mod: DiscoveredModule): IslandSource[] {
  const moduleName = mod.manifest.name;
  return (mod.manifest.web?.islands ?? []).map((file) => {
    const where = path.relative(mod.path, file);
    let exported: unknown;
    try {
      exported = (require(file) as { default?: unknown }).default;
    } catch (err) {
      throw new ModuleLoadError(moduleName, `island ${where} cannot be loaded: ${(err as Error).message}`);
    }
    if (!isIsland(exported)) throw new ModuleLoadError(moduleName, `island ${where} must export defineIsland(...) as default`);
    if (!exported.islandName.startsWith(`${moduleName}.`)) {
      throw new ModuleLoadError(moduleName, `island '${exported.islandName}' (${where}) must be named '${moduleName}.<widget>'`);
    }
    return { name: exported.islandName, file };
  });
}
