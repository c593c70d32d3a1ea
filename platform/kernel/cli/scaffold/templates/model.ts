import type { ScaffoldNames } from '../scaffold-names';

/** server/models/<name>-item.ts: one model per file. */
export function modelFile(n: ScaffoldNames): string {
  return `import { defineModel, fields } from '@platform/orm';

/** The model's name, for calls (\`env.model(${n.constant}_ITEM_MODEL)\`) and for other modules. */
export const ${n.constant}_ITEM_MODEL = '${n.model}';

/**
 * An item of ${n.module}. Visitors see the published ones only (the manifest's record rule); internal
 * users see and edit them all. Each field has its column in the module's migration.
 */
export const ${n.pascal}Item = defineModel({
  name: ${n.constant}_ITEM_MODEL,
  description: '${n.title} item',
  order: 'name, id',
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Name' }),
    description: fields.text({ string: 'Description' }),
    is_published: fields.boolean({ default: false, string: 'Published' }),
  },
});
`;
}
