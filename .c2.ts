import { discoverModules, defaultModuleRoots } from '@platform/kernel/discovery';
import { checkImports, readSourceTree, checkTableAccess, tableOwners } from './test/architecture/import-rules';
const root = '/work/main';
const dep = new Map(discoverModules(defaultModuleRoots(root)).map((m) => [m.manifest.name, m.manifest.depends]));
const v = checkImports(readSourceTree(root), dep);
console.log('imports', v.length, [...new Set(v.map((x) => x.file.split('/').slice(0, 2).join('/')))]);
for (const x of v) if (!x.file.startsWith('modules/mass_mailing')) console.log(x.file, x.specifier, x.reason.slice(0, 50));
for (const x of checkTableAccess(readSourceTree(root), tableOwners(root))) console.log(x.file, x.specifier);
