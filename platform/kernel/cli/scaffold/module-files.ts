import type { ScaffoldNames } from './scaffold-names';
import { backofficeMenuFile } from './templates/backoffice-menu';
import { commonSchemaFile } from './templates/common-schema';
import { containerModuleFile } from './templates/container-module';
import { itemFormIslandFile } from './templates/island-form';
import { demoFile } from './templates/demo';
import { islandFile } from './templates/island';
import { manifestFile } from './templates/manifest';
import { migrationFile } from './templates/migration';
import { modelContributionFile } from './templates/model-contribution';
import { modelFile } from './templates/model';
import { moduleTestFile } from './templates/module-test';
import { pageFile } from './templates/page';
import { publicFaceFile } from './templates/public-face';
import { routesFile } from './templates/routes';
import { serviceFile } from './templates/service';
import { frenchTranslationsFile } from './templates/translations';

/** A file to write: its path inside the module's folder and its content. */
export interface ModuleFile {
  path: string;
  content: string;
}

/** The standard anatomy of a module (README, "A module"), in the order a reader would open it. */
export function moduleFiles(n: ScaffoldNames, depends: string[], now: Date): ModuleFile[] {
  return [
    { path: 'manifest.ts', content: manifestFile(n, depends) },
    { path: 'index.ts', content: publicFaceFile(n) },
    { path: 'common/item-schema.ts', content: commonSchemaFile(n) },
    { path: `server/${n.kebab}-module.ts`, content: containerModuleFile(n) },
    { path: `server/${n.kebab}-models.ts`, content: modelContributionFile(n) },
    { path: `server/models/${n.kebab}-item.ts`, content: modelFile(n) },
    { path: 'server/services/item-service.ts', content: serviceFile(n) },
    { path: 'server/routes/item-routes.ts', content: routesFile(n) },
    { path: 'server/contributions/backoffice-menu.ts', content: backofficeMenuFile(n) },
    { path: 'web/pages/items-page.tsx', content: pageFile(n) },
    { path: 'web/islands/item-list.tsx', content: islandFile(n) },
    { path: 'web/islands/item-form.tsx', content: itemFormIslandFile(n) },
    { path: `migrations/${migrationStamp(now)}_${n.module}.ts`, content: migrationFile(n) },
    { path: `demo/${n.kebab}-demo.ts`, content: demoFile(n) },
    { path: 'i18n/fr_FR.json', content: frenchTranslationsFile(n) },
    { path: 'test/items.test.ts', content: moduleTestFile(n) },
  ];
}

/** `20261123190405`: migrations run in the order of their names, so they start with the UTC time. */
function migrationStamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}
