import type { ScaffoldNames } from '../scaffold-names';

/** index.ts: the only file other modules may import (`@modules/<name>`, when they depend on it). */
export function publicFaceFile(n: ScaffoldNames): string {
  return `/*
 * The public face of ${n.module}: other modules import this file only (\`@modules/${n.module}\`), and only
 * when their manifest depends on ${n.module}. Everything else in this folder may change without notice.
 */
export { ${n.constant}_ITEM_MODEL } from './server/models/${n.kebab}-item';
export { ${n.pascal}ItemService } from './server/services/item-service';
export { newItemSchema, type NewItem, type ${n.pascal}ItemSummary } from './common/item-schema';
`;
}
