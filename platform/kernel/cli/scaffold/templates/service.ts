import type { ScaffoldNames } from '../scaffold-names';

/** server/services/item-service.ts: the rules the routes (and other modules) share. */
export function serviceFile(n: ScaffoldNames): string {
  return `import { injectable } from 'inversify';
import type { Env } from '@platform/orm/environment';
import { ${n.constant}_ITEM_MODEL } from '../models/${n.kebab}-item';

/** An item as the page, the JSON route and other modules get it. */
export interface ${n.pascal}ItemSummary {
  id: number;
  name: string;
  description: string;
  published: boolean;
}

/** The most items one call returns: the page shows a short list, without paging. */
export const MAX_ITEMS = 100;

/**
 * Reads items with the caller's rights, so the manifest's access rights and record rules decide who
 * sees what: no route repeats them.
 */
@injectable()
export class ${n.pascal}ItemService {
  async list(env: Env, limit = MAX_ITEMS): Promise<${n.pascal}ItemSummary[]> {
    const rows = await env.model(${n.constant}_ITEM_MODEL).search_read([], ['name', 'description', 'is_published'], { limit });
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      description: typeof r.description === 'string' ? r.description : '',
      published: Boolean(r.is_published),
    }));
  }
}
`;
}
