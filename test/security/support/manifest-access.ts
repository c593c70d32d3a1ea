import fs from 'node:fs';
import path from 'node:path';
import type { AccessRight, GroupDefinition, Operation } from '@platform/core/access-types';

const ROOT = path.resolve(__dirname, '../../..');
/** Every module of the tree (a module merged later is covered without editing the suite). */
export const MODULES = fs.readdirSync(path.join(ROOT, 'modules')).filter((m) => fs.existsSync(path.join(ROOT, 'modules', m, 'manifest.ts')));
const MANIFESTS = [path.join(ROOT, 'platform/base/manifest.ts'), ...MODULES.map((m) => path.join(ROOT, 'modules', m, 'manifest.ts'))];

export interface ManifestShape { access?: AccessRight[]; groups?: GroupDefinition[] }

export function loadManifests(): ManifestShape[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return MANIFESTS.map((file) => (require(file) as { default: ManifestShape }).default);
}

/** A group with every group it implies, transitively, as the manifests declare them. */
export function groupClosure(manifests: ManifestShape[]): (group: string) => Set<string> {
  const implies = new Map<string, string[]>();
  for (const m of manifests) for (const g of m.groups ?? []) implies.set(g.id, [...(implies.get(g.id) ?? []), ...(g.implies ?? [])]);
  return (group) => {
    const out = new Set<string>([group]);
    const stack = [group];
    while (stack.length) for (const g of implies.get(stack.pop()!) ?? []) if (!out.has(g)) { out.add(g); stack.push(g); }
    return out;
  };
}

/** The operations each group (with what it implies) is granted on each model, from the manifests' access lists. */
export function grantsOf(manifests: ManifestShape[]): (group: string, model: string, op: Operation) => boolean {
  const closure = groupClosure(manifests);
  const rights = manifests.flatMap((m) => m.access ?? []);
  return (group, model, op) => {
    const groups = closure(group);
    return rights.some((r) => r.model === model && r[op] === true && (!r.group || groups.has(r.group)));
  };
}
