import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { removeDataRecord } from '../data-loader';

describe('orm: removeDataRecord (migrations dropping a data record a module no longer ships)', () => {
  let knex: Knex;

  beforeEach(async () => {
    knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    await knex.schema.createTable('ir_model_data', (t) => { t.string('module'); t.string('name'); t.string('model'); t.integer('res_id'); });
    await knex.schema.createTable('website_menu', (t) => { t.increments('id'); t.string('name'); t.string('module').nullable(); });
  });
  afterEach(() => knex.destroy());

  it('deletes the row the record made and its external id, and leaves every other row', async () => {
    const [made] = await knex('website_menu').insert({ name: 'Events' }).returning('id');
    await knex('website_menu').insert({ name: 'Events', module: 'event' });
    await knex('ir_model_data').insert({ module: 'event', name: 'menu_events', model: 'website.menu', res_id: (made as { id: number }).id });
    await removeDataRecord(knex, 'event.menu_events', 'website_menu', (q) => q.whereNull('module'));
    expect(await knex('website_menu').select('name', 'module')).to.deep.equal([{ name: 'Events', module: 'event' }]);
    expect(await knex('ir_model_data').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('keeps a row that no longer looks as the record made it, and does nothing without the external id', async () => {
    const [made] = await knex('website_menu').insert({ name: 'Events', module: 'event' }).returning('id');
    await knex('ir_model_data').insert({ module: 'event', name: 'menu_events', model: 'website.menu', res_id: (made as { id: number }).id });
    await removeDataRecord(knex, 'event.menu_events', 'website_menu', (q) => q.whereNull('module'));
    await removeDataRecord(knex, 'event.nothing_here', 'website_menu');
    expect(await knex('website_menu').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
  });
});
