import { discoverModules, defaultModuleRoots } from '@platform/kernel/discovery';
import { checkImports, readSourceTree } from './test/architecture/import-rules';
const root = '/work/main';
const dep = new Map(discoverModules(defaultModuleRoots(root)).map((m) => [m.manifest.name, m.manifest.depends]));
for (const v of checkImports(readSourceTree(root), dep)) if (!v.file.startsWith('modules/mass_mailing/')) console.log(v.file, v.specifier, v.reason);
