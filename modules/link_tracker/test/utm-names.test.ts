import { expect } from 'chai';
import { DuplicateError } from '@platform/core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { up as uniqueNames } from '../migrations/20261121130000_utm_unique_names';
import { LinkService } from '../server/services/link-service';

describe('link_tracker: UTM names are unique ignoring case, also under concurrent writers', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['link_tracker'] });
  });
  after(async () => tk?.stop());

  it('the database refuses a twin the constraint could not see, with the model message, writing nothing', async () => {
    const sudo = tk.sudo();
    await sudo.model('utm.source').create({ name: 'Radio' });
    const before = await sudo.model('utm.source').search_count([]);
    // As a writer that checked before the other one wrote: straight to the table.
    const insert = sudo.db('utm_source').insert({ name: 'RADIO' });
    const direct = await insert.then(() => 'inserted', (err: Error) => err.message);
    expect(direct).to.not.equal('inserted');
    const refused = await sudo.model('utm.source').create({ name: 'radio' }).then(() => undefined, (err: unknown) => err);
    expect(refused).to.be.instanceOf(DuplicateError);
    expect((refused as Error).name).to.equal('ValidationError');
    expect((refused as Error).message).to.equal("A source named 'radio' already exists");
    expect(await sudo.model('utm.source').search_count([])).to.equal(before);
  });

  it('concurrent newsletter clicks naming a new campaign in different cases share one campaign', async () => {
    const links = tk.kernel.container.get(LinkService);
    const names = ['Black Friday', 'BLACK FRIDAY', 'black friday', 'Black friday', 'black FRIDAY'];
    const codes = await Promise.all(names.map((campaign, i) => links.trackFor('https://news.example.com', `https://shop.example.com/deal/${i}`, { campaign, medium: 'Email', source: 'Newsletter' })));
    expect(new Set(codes).size).to.equal(names.length);
    const campaigns = await tk.sudo().db('utm_campaign').whereRaw('lower(name) = ?', ['black friday']).pluck('id');
    expect(campaigns).to.have.length(1);
    const used = await tk.sudo().db('link_tracker').whereIn('url', names.map((_, i) => `https://shop.example.com/deal/${i}`)).distinct('campaign_id').pluck('campaign_id');
    expect(used).to.deep.equal(campaigns);
  });

  it('the migration merges twins created before the unique index into the oldest, links following it', async () => {
    const db = tk.sudo().db;
    // The state before the migration: a plain index, and twins that raced past the model constraint.
    for (const table of ['utm_campaign', 'utm_medium', 'utm_source']) {
      await db.raw(`DROP INDEX ${table}_name_ci`);
      await db.raw(`CREATE INDEX ${table}_name_ci ON ${table} (lower(name))`);
    }
    const now = '2026-11-01 10:00:00';
    const insertId = async (table: string, row: Record<string, unknown>) =>
      Number(((await db(table).insert({ ...row, create_date: now, write_date: now }).returning('id')) as Array<{ id: number }>)[0].id);
    const oldest = await insertId('utm_campaign', { name: 'Spring' });
    const twin = await insertId('utm_campaign', { name: 'SPRING' });
    const linkOnTwin = await insertId('link_tracker', { url: 'https://example.com/spring', campaign_id: twin });

    await uniqueNames(db);

    expect(await db('utm_campaign').whereRaw('lower(name) = ?', ['spring']).pluck('id')).to.deep.equal([oldest]);
    expect((await db('link_tracker').where({ id: linkOnTwin }).first('campaign_id')).campaign_id).to.equal(oldest);
    expect(await insertId('utm_campaign', { name: 'sPrInG' }).then(() => 'inserted', () => 'refused')).to.equal('refused');
  });
});
