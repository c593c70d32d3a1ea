import type { Knex } from 'knex';

export interface UserInfo {
  id: number;
  login: string;
  name: string;
  email: string | null;
  partnerId: number;
  active: boolean;
  share: boolean;
  /** External ids of the user's groups, implied ones included. */
  groups: Set<string>;
}

/** Users are cached a few seconds: every request needs them, and group changes still show up quickly. */
const TTL_MS = 3000;

/** Reads users and their effective groups for the request pipeline. */
export class UserDirectory {
  private readonly cache = new Map<number, { info: UserInfo | null; at: number }>();

  constructor(private readonly db: Knex) {}

  async get(uid: number): Promise<UserInfo | null> {
    const hit = this.cache.get(uid);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.info;
    const info = await this.load(uid);
    this.cache.set(uid, { info, at: Date.now() });
    return info;
  }

  invalidate(uid?: number): void {
    if (uid === undefined) this.cache.clear();
    else this.cache.delete(uid);
  }

  private async load(uid: number): Promise<UserInfo | null> {
    const row = await this.db('res_users').where({ id: uid }).first();
    if (!row) return null;
    const groupIds: number[] = (await this.db('res_groups_users_rel').where({ uid }).select('gid')).map((r: { gid: number }) => r.gid);
    return {
      id: row.id,
      login: row.login,
      name: row.name,
      email: row.email ?? null,
      partnerId: row.partner_id,
      active: row.active === true || row.active === 1,
      share: row.share === true || row.share === 1,
      groups: await this.closure(groupIds),
    };
  }

  /** Group ids -> external ids of those groups and every group they imply. */
  private async closure(groupIds: number[]): Promise<Set<string>> {
    const implied: Array<{ gid: number; hid: number }> = await this.db('res_groups_implied_rel').select('gid', 'hid');
    const all = new Set(groupIds);
    let grew = true;
    while (grew) {
      grew = false;
      for (const { gid, hid } of implied) {
        if (all.has(gid) && !all.has(hid)) {
          all.add(hid);
          grew = true;
        }
      }
    }
    if (all.size === 0) return new Set();
    const names = await this.db('ir_model_data').where({ model: 'res.groups' }).whereIn('res_id', [...all]).select('module', 'name');
    return new Set(names.map((n: { module: string; name: string }) => `${n.module}.${n.name}`));
  }
}
