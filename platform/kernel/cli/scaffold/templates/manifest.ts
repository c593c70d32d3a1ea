import type { ScaffoldNames } from '../scaffold-names';

/** manifest.ts: what the kernel needs to load, install and gate the module; access rights are data here. */
export function manifestFile(n: ScaffoldNames, depends: string[]): string {
  return `import path from 'node:path';
import { defineManifest } from '@platform/core';

const ITEM = '${n.model}';

export default defineManifest({
  name: '${n.module}',
  version: '1.0.0',
  summary: '${n.title}: items listed on ${n.url}',
  depends: [${depends.map((d) => `'${d}'`).join(', ')}],
  server: () => (require('./server/${n.kebab}-module') as typeof import('./server/${n.kebab}-module')).${n.camel}Module,
  web: {
    islands: [path.join(__dirname, 'web/islands/item-list.tsx'), path.join(__dirname, 'web/islands/item-form.tsx')],
  },
  migrations: path.join(__dirname, 'migrations'),
  // Internal users manage the items. Everybody may read them, but the rule below shows visitors and
  // portal users the published ones only (administrators and internal users are not bound by it).
  access: [
    { model: ITEM, read: true },
    { model: ITEM, group: 'base.group_user', read: true, write: true, create: true, unlink: true },
  ],
  rules: [
    {
      name: '${n.model}: published only', model: ITEM, groups: ['base.group_public', 'base.group_portal'],
      operations: ['read'], domain: [['is_published', '=', true]],
    },
  ],
  demo: () => (require('./demo/${n.kebab}-demo') as typeof import('./demo/${n.kebab}-demo')).${n.camel}Demo(),
});
`;
}
