import { defineModel, fields, type Env } from '@platform/orm';
import { addToRollup, CLICK_ROLLUP_TABLE, groupClicks } from '../services/click-rollup';
import { addVisitors } from '../services/click-visitors';

type ClickRow = { link_id: number; create_date: string; country_id: number | null; ip: string | null };

function rowsOf(env: Env, ids: number[]): Promise<ClickRow[]> {
  return env.db('link_tracker_click').whereIn('id', ids).select('link_id', 'create_date', 'country_id', 'ip');
}

/** The rollup groups of some clicks, as they are stored now. */
function groupsOfRows(rows: ClickRow[]) {
  return groupClicks(rows.map((r) => ({ linkId: Number(r.link_id), at: String(r.create_date), countryId: r.country_id === null ? null : Number(r.country_id) })));
}

/** What clicks made or changed through the ORM add: their rollup counts and their links' seen addresses. */
async function countIn(env: Env, ids: number[]): Promise<void> {
  const rows = await rowsOf(env, ids);
  await addToRollup(env.db, groupsOfRows(rows));
  await addVisitors(env.db, rows.map((r) => ({ linkId: Number(r.link_id), ip: r.ip ?? '' })));
}

async function countOut(env: Env, ids: number[]): Promise<void> {
  await addToRollup(env.db, groupsOfRows(await rowsOf(env, ids)), -1);
}

/**
 * One visit of a short link (bots excluded); `create_date` is the time of the click. Clicks are
 * counted per link, day and country in a rollup that `read_group` reads when it can (see GroupRollup):
 * the click flusher adds its batches to it; clicks created, changed or deleted through the ORM (demo
 * data, an administrator) are counted here, in the same transaction, and their addresses are marked
 * seen on their links (a visitor stays seen when a click is deleted: the unique count never shrinks).
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
  constraints: [countIn],
  beforeWrite: [countOut],
  beforeUnlink: [countOut],
});
