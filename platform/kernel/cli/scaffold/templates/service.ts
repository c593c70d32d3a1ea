import type { ScaffoldNames } from '../scaffold-names';

/** server/services/item-service.ts: the rules the routes (and other modules) share; the only writer. */
export function serviceFile(n: ScaffoldNames): string {
  return `import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import { MAX_ITEMS, type NewItem, type ${n.pascal}ItemSummary } from '../../common/item-schema';
import { ${n.constant}_ITEM_MODEL } from '../models/${n.kebab}-item';

/**
 * Reads and writes items with the caller's rights, so the manifest's access rights and record rules
 * decide who sees and adds what: no route repeats them.
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

  /** A new item, unpublished until an internal user publishes it in the back office. */
  async create(env: Env, item: NewItem): Promise<number> {
    return env.model(${n.constant}_ITEM_MODEL).create({ name: item.name, description: item.description || false, is_published: false });
  }

  /** Whether the page offers the form: internal users (the access rights refuse the others anyway). */
  mayCreate(env: Env): boolean {
    return env.hasGroup('base.group_user');
  }
}
`;
}
