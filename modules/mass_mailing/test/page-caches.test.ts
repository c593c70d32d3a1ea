import { expect } from 'chai';
import type { Knex } from 'knex';
import { UserAccounts } from '@platform/base';
import { DatabaseToken } from '@platform/core';
import { WriteSignal } from '@platform/db';
import { openDatabase } from '../../../test/support/kernel';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/**
 * What every page reads besides its content (the site menu, the footer's newsletter list, the site's
 * appearance: logo, social links, about text) is cached per site and language and dropped by the write
 * signal that empties the public page cache: a warm page asks the database nothing for it, signed in
 * or not, 404 or not, and a change shows on the next page, also when another connection made it.
 */
describe('mass_mailing + website: per-site caches of the layout (menu, footer, appearance)', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let reader: RpcClient;
  let menuId: number;
  let siteId: number;

  /** The SQL a request runs, and the part of it reading the layout's tables. */
  async function queriesOf(path: string, cookie?: string): Promise<{ html: string; all: string[]; layout: string[] }> {
    const db = tk.get<Knex>(DatabaseToken);
    const all: string[] = [];
    const listener = (q: { sql: string }) => all.push(q.sql);
    db.on('query', listener);
    let html: string;
    try {
      html = await (await fetch(`${tk.url}${path}`, { headers: cookie ? { cookie } : {} })).text();
    } finally {
      db.off('query', listener);
    }
    const layout = all.filter((sql) => /\b(website_menu|mail_mass_mailing_list|res_lang|website_module)\b|from ["`]?website["`]?(\s|$)/i.test(sql));
    return { html, all, layout };
  }

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: undefined } });
    const env = tk.sudo();
    await env.model('mail.mass_mailing.list').create({ name: 'Footer news' });
    [siteId] = (await env.model('website').search([], { limit: 1 })) as number[];
    await env.model('website').write([siteId], { social_github: 'https://github.com/example' });
    menuId = await env.model('website.menu').create({ name: 'Our shop', url: '/shop', sequence: 5, website_id: siteId });
    await tk.get(UserAccounts).create({ name: 'Reader', login: 'reader@example.com', password: 'reader-password', groups: ['base.group_portal'] });
    reader = new RpcClient(tk.url);
    await reader.authenticate('reader@example.com', 'reader-password');
  });
  after(async () => tk?.stop());

  for (const [who, signedIn] of [['a visitor', false], ['a signed-in user', true]] as const) {
    for (const path of ['/', '/no-such-page']) {
      it(`${who} on ${path}: a warm page reads nothing of the menu, footer or appearance`, async () => {
        const cookie = signedIn ? reader.cookie : undefined;
        const cold = await queriesOf(path, cookie);
        expect(cold.html).to.contain('Our shop').and.contain('footer-newsletter').and.contain('https://github.com/example');
        const warm = await queriesOf(path, cookie);
        expect(warm.html).to.contain('Our shop').and.contain('footer-newsletter').and.contain('https://github.com/example');
        expect(warm.layout, warm.layout.join('\n')).to.deep.equal([]);
      });
    }
  }

  it('a menu, list or appearance change shows on the next page, signed in or not', async () => {
    for (const cookie of [undefined, reader.cookie]) await queriesOf('/', cookie); // warm
    await tk.sudo().model('website.menu').write([menuId], { name: 'Our new shop' });
    await tk.sudo().model('website').write([siteId], { social_github: 'https://github.com/renamed' });
    for (const cookie of [undefined, reader.cookie]) {
      const { html } = await queriesOf('/', cookie);
      expect(html).to.contain('Our new shop').and.contain('https://github.com/renamed').and.not.contain('https://github.com/example');
    }
    await tk.sudo().model('mail.mass_mailing.list').write(await tk.sudo().model('mail.mass_mailing.list').search([]) as number[], { active: false });
    for (const cookie of [undefined, reader.cookie]) expect((await queriesOf('/no-such-page', cookie)).html).not.to.contain('footer-newsletter');
  });

  it('a change written by another connection to the database (another process) shows on the next page', async () => {
    for (const cookie of [undefined, reader.cookie]) await queriesOf('/', cookie); // warm
    // Another process: its own connection and write signal (as every kernel has), writing raw SQL.
    const other = openDatabase(tk.kernel.config.databaseUrl);
    const signal = new WriteSignal(other);
    try {
      await other('website_menu').where({ id: menuId }).update({ name: JSON.stringify({ en_US: 'Shop elsewhere' }) });
    } finally {
      await signal.stop();
      await other.destroy();
    }
    // SQLite: the next page sees it (data_version). PostgreSQL tells the other processes when the writer
    // commits (NOTIFY), which arrives within milliseconds: well before the caches' 2-second safety net.
    const deadline = Date.now() + (tk.kernel.config.databaseUrl.startsWith('sqlite:') ? 0 : 500);
    for (const cookie of [undefined, reader.cookie]) {
      let html = '';
      do html = (await queriesOf('/', cookie)).html;
      while (!html.includes('Shop elsewhere') && Date.now() < deadline && (await new Promise((r) => setTimeout(r, 20)), true));
      expect(html).to.contain('Shop elsewhere');
    }
  });
});
