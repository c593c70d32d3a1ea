import { defineModel, fields, type Env } from '@platform/orm';
import { addToRollup, CLICK_ROLLUP_TABLE, groupClicks } from '../services/click-rollup';

/** The rollup groups of some clicks, as they are stored now. */
async function groupsOf(env: Env, ids: number[]) {
  const rows: Array<{ link_id: number; create_date: string; country_id: number | null }> = await env.db('link_tracker_click').whereIn('id', ids).select('link_id', 'create_date', 'country_id');
  return groupClicks(rows.map((r) => ({ linkId: Number(r.link_id), at: String(r.create_date), countryId: r.country_id === null ? null : Number(r.country_id) })));
}

/**
 * One visit of a short link (bots excluded); `create_date` is the time of the click. Clicks are
 * counted per link, day and country in a rollup that `read_group` reads when it can (see GroupRollup):
 * the click flusher adds its batches to it; clicks created, changed or deleted through the ORM (demo
 * data, an administrator) are counted here, in the same transaction.
 */
export const LinkTrackerClick = defineModel({
  name: 'link.tracker.click',
  description: 'Link click',
  recName: 'link_id',
  fields: {
    link_id: fields.many2one('link.tracker', { required: true, ondelete: 'cascade', string: 'Link' }),
    ip: fields.char({ size: 64, string: 'Internet address' }),
    country_id: fields.many2one('res.country', { ondelete: 'set null', string: 'Country' }),
  },
  rollup: { table: CLICK_ROLLUP_TABLE, countColumn: 'click_count', fields: ['link_id', 'country_id', 'create_date'] },
  // Runs after creates and writes: what the clicks are now is counted (a write first took away what they were).
  constraints: [async (env, ids) => addToRollup(env.db, await groupsOf(env, ids))],
  beforeWrite: [async (env, ids) => addToRollup(env.db, await groupsOf(env, ids), -1)],
  beforeUnlink: [async (env, ids) => addToRollup(env.db, await groupsOf(env, ids), -1)],
});
