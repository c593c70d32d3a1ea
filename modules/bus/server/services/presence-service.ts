import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core';
import { People } from '@platform/base';
import { nowUtc } from '@platform/orm';
import { BusOptions } from './bus-options';
import { utcSecondsAgo } from './bus-service';

export type ImStatus = 'online' | 'away' | 'offline';

/**
 * Presence of users, from their polls (and open WebSockets) and the inactivity their browser reports.
 * `last_presence` only moves forward, so a tab idle for an hour cannot hide another tab's activity.
 */
@injectable()
export class PresenceService {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(BusOptions) private readonly options: BusOptions,
    @inject(People) private readonly people: People,
  ) {}

  /** Records a poll; `inactivityMs` is how long the user has been idle (undefined: unknown). */
  async update(userId: number, inactivityMs?: number): Promise<void> {
    const now = nowUtc();
    const presence = inactivityMs === undefined ? null : utcSecondsAgo(Math.max(0, inactivityMs) / 1000);
    await this.db.raw(
      `INSERT INTO bus_presence (user_id, last_poll, last_presence, status) VALUES (?, ?, ?, 'online')
       ON CONFLICT (user_id) DO UPDATE SET last_poll = excluded.last_poll,
         last_presence = CASE WHEN bus_presence.last_presence IS NULL
                                OR (excluded.last_presence IS NOT NULL AND excluded.last_presence > bus_presence.last_presence)
                              THEN excluded.last_presence ELSE bus_presence.last_presence END`,
      [userId, now, presence ?? now],
    );
  }

  /** Keeps connected users (open WebSockets) from turning offline between their messages. */
  async touch(userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    const now = nowUtc();
    for (let i = 0; i < userIds.length; i += 500) {
      await this.db('bus_presence').whereIn('user_id', userIds.slice(i, i + 500)).update({ last_poll: now });
    }
  }

  /** im_status of partners: the presence of their active user; partners without one are offline. */
  async imStatus(partnerIds: number[]): Promise<Map<number, ImStatus>> {
    const result = new Map<number, ImStatus>(partnerIds.map((id) => [id, 'offline']));
    if (partnerIds.length === 0) return result;
    const rows: Array<{ partner_id: number; last_poll: string | null; last_presence: string | null }> = await this.db('bus_presence as p')
      // Users through base's face, joined in the same query (presence is asked for on every page with avatars).
      .join(this.people.usersView(this.db, ['partner_id', 'active']).as('u'), 'u.id', 'p.user_id')
      .whereIn('u.partner_id', partnerIds)
      .andWhere('u.active', true)
      .select('u.partner_id', 'p.last_poll', 'p.last_presence');
    const disconnected = utcSecondsAgo(this.options.disconnectionSeconds);
    const away = utcSecondsAgo(this.options.awaySeconds);
    for (const r of rows) {
      let status: ImStatus = 'offline';
      if (r.last_poll && r.last_poll >= disconnected) status = r.last_presence && r.last_presence >= away ? 'online' : 'away';
      const prior = result.get(r.partner_id);
      // A partner with several users is as present as the most present of them.
      if (prior === 'online' || (prior === 'away' && status === 'offline')) continue;
      result.set(r.partner_id, status);
    }
    return result;
  }

  /** Users among `userIds` whose status is online. */
  async onlineUsers(userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows: Array<{ user_id: number }> = await this.db('bus_presence as p').join(this.people.usersView(this.db, ['active']).as('u'), 'u.id', 'p.user_id')
      .whereIn('p.user_id', userIds).andWhere('u.active', true)
      .andWhere('p.last_poll', '>=', utcSecondsAgo(this.options.disconnectionSeconds))
      .andWhere('p.last_presence', '>=', utcSecondsAgo(this.options.awaySeconds))
      .select('p.user_id');
    return rows.map((r) => r.user_id);
  }
}
