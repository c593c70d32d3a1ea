import type { ScaffoldNames } from '../scaffold-names';

/** demo/<name>-demo.ts: records loaded by external id at install when DEMO is on. */
export function demoFile(n: ScaffoldNames): string {
  return `import type { DataRecord } from '@platform/core';

/** A published item and a draft, so a fresh \`npm start\` shows what visitors and internal users each see. */
export function ${n.camel}Demo(): DataRecord[] {
  return [
    {
      id: 'item_welcome', model: '${n.model}',
      values: { name: 'Welcome', description: 'A published item: every visitor sees it.', is_published: true },
    },
    {
      id: 'item_draft', model: '${n.model}',
      values: { name: 'Work in progress', description: 'A draft: only internal users see it.', is_published: false },
    },
  ];
}
`;
}
