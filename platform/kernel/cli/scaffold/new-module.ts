import fs from 'node:fs';
import path from 'node:path';
import { defaultModuleRoots, discoverModules } from '../../discovery';
import { checkNewModule, type NewModuleRequest } from './check-new-module';
import { moduleFiles } from './module-files';
import { scaffoldNames } from './scaffold-names';

/** What `module new` wrote: the module's folder and its files, relative to the repository. */
export interface NewModuleReport {
  folder: string;
  files: string[];
}

/**
 * Writes the standard anatomy of a new module into `modules/<name>/`. Everything is checked before the
 * first write; the folder is created without `recursive`, so one that appeared meanwhile is refused,
 * never overwritten, and a write that fails takes the half-written folder away with it.
 */
export function createModule(request: NewModuleRequest, repoRoot: string, now = new Date()): NewModuleReport {
  checkNewModule(request, repoRoot, () => discoverModules(defaultModuleRoots(repoRoot)));
  const names = scaffoldNames(request.name);
  const folder = path.join(repoRoot, 'modules', names.module);
  const files = moduleFiles(names, request.depends, now);
  fs.mkdirSync(folder);
  try {
    for (const file of files) {
      const target = path.join(folder, file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.content, { flag: 'wx' });
    }
  } catch (err) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  }
  const relative = (p: string) => path.relative(repoRoot, p).split(path.sep).join('/');
  return { folder: relative(folder), files: files.map((f) => relative(path.join(folder, f.path))) };
}
