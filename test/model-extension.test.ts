import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from './support/harness';

describe('a module extending another module\'s model', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['partner_extension'], roots: [path.join(__dirname, 'fixtures')] });
  });
  after(async () => tk?.stop());

  it('adds its fields to res.partner, with defaults, translations and stored computes', async () => {
    const partners = tk.sudo().model('res.partner');
    const id = await partners.create({ name: 'Ada', nickname: 'countess' });
    const [rec] = await partners.read([id], ['karma', 'nickname', 'shouted_name']);
    expect(rec).to.include({ karma: 1, nickname: 'countess', shouted_name: 'ADA' });
    await tk.sudo().withLang('fr_FR').model('res.partner').write([id], { nickname: 'comtesse', name: 'Lovelace' });
    const [fr] = await tk.sudo().withLang('fr_FR').model('res.partner').read([id], ['nickname', 'shouted_name']);
    const [en] = await partners.read([id], ['nickname']);
    expect(fr).to.include({ nickname: 'comtesse', shouted_name: 'LOVELACE' });
    expect(en.nickname).to.equal('countess');
  });

  it('keeps the migration with the extending module', async () => {
    const rows = await tk.kernel.db('ir_module_migration').where({ module: 'partner_extension' }).select('name');
    expect(rows.map((r: { name: string }) => r.name)).to.deep.equal(['20261121000000_partner_fields']);
  });
});

describe('html fields', () => {
  let tk: TestKernel;
  before(async () => {
    // A translated html field (a page's layout is one field, translated by term: see website's tests).
    tk = await bootTestKernel({ modules: ['mass_mailing'] });
  });
  after(async () => tk?.stop());

  it('are sanitised on write, in every language', async () => {
    const lists = tk.sudo().model('mail.mass_mailing.list');
    const id = await lists.create({
      name: 'X',
      popup_content: { en_US: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">a</a></p>', fr_FR: '<img src=x onerror="alert(3)">' },
    });
    const [en] = await lists.read([id], ['popup_content']);
    expect(en.popup_content).to.equal('<p>Hi<a rel="noopener noreferrer">a</a></p>');
    const [fr] = await tk.sudo().withLang('fr_FR').model('mail.mass_mailing.list').read([id], ['popup_content']);
    expect(fr.popup_content).to.equal('<img src="x" />');
  });
});
