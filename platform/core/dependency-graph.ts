import { ModuleLoadError } from './errors';
import type { DiscoveredModule } from './manifest';

/**
 * Orders modules so that every module comes after its dependencies. Refuses unknown dependencies and
 * cycles, naming the module at fault. `base` is an implicit dependency of every other module.
 */
export function orderModules(modules: DiscoveredModule[]): DiscoveredModule[] {
  const byName = new Map(modules.map((m) => [m.manifest.name, m]));
  const ordered: DiscoveredModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();

  const visit = (mod: DiscoveredModule, path: string[]): void => {
    const name = mod.manifest.name;
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new ModuleLoadError(name, `dependency cycle: ${[...path, name].join(' -> ')}`);
    }
    state.set(name, 'visiting');
    for (const dep of dependenciesOf(mod, byName)) {
      const target = byName.get(dep);
      if (!target) throw new ModuleLoadError(name, `depends on unknown module '${dep}'`);
      visit(target, [...path, name]);
    }
    state.set(name, 'done');
    ordered.push(mod);
  };
  // Sorted start keeps the order stable whatever order the folder listing had.
  for (const mod of [...modules].sort((a, b) => a.manifest.name.localeCompare(b.manifest.name))) {
    visit(mod, []);
  }
  return ordered;
}

function dependenciesOf(mod: DiscoveredModule, byName: Map<string, DiscoveredModule>): string[] {
  const deps = [...mod.manifest.depends];
  if (mod.manifest.name !== 'base' && byName.has('base') && !deps.includes('base')) deps.unshift('base');
  return deps;
}

/** The named modules plus everything they depend on, transitively. */
export function withDependencies(names: Iterable<string>, modules: DiscoveredModule[]): Set<string> {
  const byName = new Map(modules.map((m) => [m.manifest.name, m]));
  const result = new Set<string>();
  const add = (name: string): void => {
    if (result.has(name)) return;
    const mod = byName.get(name);
    if (!mod) throw new ModuleLoadError(name, 'no such module');
    result.add(name);
    for (const dep of dependenciesOf(mod, byName)) add(dep);
  };
  for (const name of names) add(name);
  return result;
}

/** Modules that depend, directly or not, on any of `names` (within `among`). */
export function dependentsOf(names: Iterable<string>, modules: DiscoveredModule[], among?: Set<string>): Set<string> {
  const target = new Set(names);
  let grew = true;
  while (grew) {
    grew = false;
    for (const mod of modules) {
      const name = mod.manifest.name;
      if (target.has(name) || (among && !among.has(name))) continue;
      if (mod.manifest.depends.some((d) => target.has(d))) {
        target.add(name);
        grew = true;
      }
    }
  }
  for (const n of names) target.delete(n);
  return target;
}
