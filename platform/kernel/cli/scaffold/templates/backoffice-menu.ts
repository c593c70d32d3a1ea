import type { ScaffoldNames } from '../scaffold-names';

/** server/contributions/backoffice-menu.ts: the module's app in the back office (generic list and form). */
export function backofficeMenuFile(n: ScaffoldNames): string {
  return `import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';
import { ${n.constant}_ITEM_MODEL } from '../models/${n.kebab}-item';

/** The ${n.title} app of the back office (/web): the generic list and form of items, for internal users. */
@injectable()
export class ${n.pascal}BackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: '${n.module}.app', name: '${n.title}', sequence: 100 },
      { id: '${n.module}.items', parent: '${n.module}.app', name: 'Items', sequence: 10, action: { model: ${n.constant}_ITEM_MODEL, columns: ['name', 'is_published'] } },
    ];
  }
}
`;
}
