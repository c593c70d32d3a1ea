import { expect } from 'chai';
import { parseWrite } from '../write-statement';

/** The write signal and the exact caches learn what a statement does from its SQL text. */
describe('db: write statements read from their SQL', () => {
  it('tells the table and the verb of inserts, updates and deletes, without the schema or the quotes', () => {
    expect(parseWrite('insert into `sale_order` (`name`) values (?)')).to.deep.equal({ table: 'sale_order', verb: 'insert' });
    expect(parseWrite('update "public"."res_partner" set "name" = $1 where "id" = $2')).to.deep.equal({ table: 'res_partner', verb: 'update' });
    expect(parseWrite('  DELETE FROM http_session WHERE id = ?')).to.deep.equal({ table: 'http_session', verb: 'delete' });
    expect(parseWrite('INSERT OR IGNORE INTO website_module (website_id, module) VALUES (?, ?)')).to.deep.equal({ table: 'website_module', verb: 'insert' });
  });

  it('an upsert that updates the row in the way is an update, whose rows its SQL does not name', () => {
    // knex's onConflict().merge(), on SQLite and PostgreSQL.
    expect(parseWrite('insert into `ir_config_parameter` (`key`, `value`) values (?, ?) on conflict (`key`) do update set `value` = excluded.`value`'))
      .to.deep.equal({ table: 'ir_config_parameter', verb: 'update', upsert: true });
    expect(parseWrite('INSERT INTO rate_limit ("key", hits) SELECT ?, ? WHERE (SELECT 1) = ?\n       ON CONFLICT ("key") DO UPDATE SET hits = rate_limit.hits + excluded.hits WHERE "id" = ?'))
      .to.deep.equal({ table: 'rate_limit', verb: 'update', upsert: true });
    // DO NOTHING changes no row that was there.
    expect(parseWrite('insert into "t" ("a") values ($1) on conflict ("a") do nothing')).to.deep.equal({ table: 't', verb: 'insert' });
  });

  it('a replace deletes the row in the way: a delete, whose rows its SQL does not name', () => {
    expect(parseWrite('INSERT OR REPLACE INTO http_session (id, data) VALUES (?, ?)')).to.deep.equal({ table: 'http_session', verb: 'delete', upsert: true });
    expect(parseWrite('replace into `http_session` (`id`) values (?)')).to.deep.equal({ table: 'http_session', verb: 'delete', upsert: true });
  });

  it('anything else is not a write', () => {
    for (const sql of ['select * from sale_order', 'BEGIN IMMEDIATE;', 'COMMIT;', 'create table t (id integer)', 'with x as (select 1) select * from x', '', undefined]) {
      expect(parseWrite(sql), String(sql)).to.equal(null);
    }
  });
});
