import type { ScaffoldNames } from '../scaffold-names';

/** common/item-schema.ts: what the browser and the server both use (rules, limits, URLs, page props). */
export function commonSchemaFile(n: ScaffoldNames): string {
  return `/*
 * What the browser and the server share for items: the "new item" form's rules (one yup schema, checked
 * by formik before posting and by the route again), limits, URLs and the page's prop types. No Node or
 * DOM API here: both sides import it.
 */
import { number, object, string, type InferType } from 'yup';

export const ITEM_NAME_MAX = 256;
export const ITEM_DESCRIPTION_MAX = 2000;
/** The most items one call returns: the page shows a short list, without paging. */
export const MAX_ITEMS = 100;

/** The page that lists the items, and where its form posts. */
export const ${n.constant}_URL = '${n.url}';
export const ${n.constant}_NEW_URL = '${n.url}/new';
export const ${n.constant}_ITEMS_URL = '${n.url}/items';

/** The "new item" form. Messages are English UI strings (translated in i18n/). */
export const newItemSchema = object({
  name: string().trim().required('Give the item a name.').max(ITEM_NAME_MAX, \`The name is too long (at most \${ITEM_NAME_MAX} characters).\`),
  description: string().trim().max(ITEM_DESCRIPTION_MAX, \`The description is too long (at most \${ITEM_DESCRIPTION_MAX} characters).\`).default(''),
});
export type NewItem = InferType<typeof newItemSchema>;

/** The JSON call the list reloads from. */
export const listItemsSchema = object({ limit: number().integer().min(1).max(MAX_ITEMS) });

/** An item as the page, the JSON route and other modules get it. */
export interface ${n.pascal}ItemSummary {
  id: number;
  name: string;
  description: string;
  published: boolean;
}
`;
}
