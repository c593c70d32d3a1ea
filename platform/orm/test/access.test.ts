import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { callKw } from '../call-kw';
import { resolveXmlid } from '../data-loader';
import { AccessError, MissingError } from '@platform/core/errors';
import { EnvFactory } from '../env-factory';
import type { Env } from '../environment';
import { bootOrmTest, internalEnv, publicEnv, rejects, seed, type Seed } from './support';

describe('orm: access rights and record rules', () => {
  let tk: TestKernel;
  let sudo: Env;
  let pub: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest({ modules: ['orm_test', 'website'], demo: true });
    sudo = tk.sudo();
    s = await seed(sudo);
    pub = await publicEnv(tk);
  });
  after(async () => tk?.stop());

  describe('access rights', () => {
    it('refuses the public every operation on res.partner', async () => {
      const partners = pub.model('res.partner');
      await rejects(partners.search_read([], ['name']), AccessError, /res\.partner/);
      await rejects(partners.search([]), AccessError);
      await rejects(partners.search_count([]), AccessError);
      await rejects(partners.read([pub.user.partnerId!], ['name']), AccessError);
      await rejects(partners.read_group([], [], ['name']), AccessError);
      await rejects(partners.name_search('a'), AccessError);
      await rejects(partners.create({ name: 'intruder' }), AccessError);
      await rejects(partners.write([pub.user.partnerId!], { name: 'x' }), AccessError);
      await rejects(partners.unlink([pub.user.partnerId!]), AccessError);
      await rejects(partners.default_get(['name']), AccessError, /res\.partner/);
      expect(await sudo.model('res.partner').search_count([['name', '=', 'intruder']])).to.equal(0);
    });

    it('answers default_get to those who may read or create the model, and field defaults to the fields\' groups', async () => {
      await rejects(callKw(pub, 'test.secret', 'default_get', [['name', 'level']]), AccessError, /test\.secret/);
      await rejects(callKw(pub, 'test.note', 'default_get', [['memo']]), AccessError, /test\.note\.memo/);
      expect(await callKw(pub, 'test.note', 'default_get', [['name']])).to.deep.equal({});
      expect(await callKw(pub, 'test.thing', 'default_get', [['state']])).to.deep.equal({ state: 'draft' });
      const user = await internalEnv(tk);
      expect(await callKw(user, 'test.note', 'default_get', [['name', 'memo']])).to.deep.equal({});
    });

    it('gives the public read-only access where the manifest says so', async () => {
      const things = pub.model('test.thing');
      await rejects(things.create({ name: 'public thing' }), AccessError);
      await rejects(things.write([s.thing.alpha], { qty: 5 }), AccessError);
      await rejects(things.unlink([s.thing.alpha]), AccessError);
      expect((await sudo.model('test.thing').read([s.thing.alpha], ['qty']))[0].qty).to.equal(1);
    });

    it('lets internal users create, write and unlink', async () => {
      const user = await internalEnv(tk);
      const things = user.model('test.thing');
      const id = await things.create({ name: 'internal', tag_ids: [[4, s.tag.red]] });
      await things.write([id], { qty: 2 });
      expect((await things.read([id], ['qty']))[0].qty).to.equal(2);
      await things.unlink([id]);
      await rejects(user.model('test.category').create({ name: 'no create right' }), AccessError);
    });

    it('lets the administrators group do everything', async () => {
      const uid = await resolveXmlid(sudo, 'base.user_admin');
      const admin = tk.kernel.container.get(EnvFactory).forUser({ id: uid, partnerId: 0, groups: new Set(['base.group_system']) }, null, 'en_US');
      expect(await admin.model('test.category').search_count([])).to.equal(2);
      const id = await admin.model('test.category').create({ name: 'by admin' });
      await admin.model('test.category').unlink([id]);
    });
  });

  describe('record rules', () => {
    it('hides unpublished records from the public in search, search_read and search_count', async () => {
      const things = pub.model('test.thing');
      const rows = await things.search_read(s.mine, ['name', 'published']);
      expect(rows.map((r) => r.name)).to.deep.equal(['Alpha', 'Gamma_x', 'delta']);
      expect(rows.every((r) => r.published === true)).to.equal(true);
      expect(await things.search_count(s.mine)).to.equal(3);
      expect(await things.search([['name', '=', 'beta']])).to.deep.equal([]);
      expect(await things.search([['published', '=', false]])).to.deep.equal([]);
      expect(await things.name_search('bet')).to.deep.equal([]);
      // the rule is ANDed with an OR domain, not swallowed by it
      expect(await things.search_count(['|', ['name', '=', 'beta'], ['name', '=', 'Alpha']])).to.equal(1);
      expect(await things.search_count(['!', ['name', '=', 'Alpha'], ...s.mine])).to.equal(2);
    });

    it('raises AccessError when the public reads a hidden record, MissingError for a missing one', async () => {
      const things = pub.model('test.thing');
      await rejects(things.read([s.thing.beta], ['name']), AccessError, /security restrictions/);
      await rejects(things.read([s.thing.alpha, s.thing.beta], ['name']), AccessError);
      await rejects(things.read([999999], ['name']), MissingError);
      expect((await things.read([s.thing.alpha], ['name']))[0].name).to.equal('Alpha');
    });

    it('does not restrict users outside the rule groups', async () => {
      const user = await internalEnv(tk);
      expect(await user.model('test.thing').search_count(s.mine)).to.equal(4);
      expect((await user.model('test.thing').read([s.thing.beta], ['name']))[0].name).to.equal('beta');
    });

    it('shows display names of linked records the reader cannot read', async () => {
      await sudo.model('test.thing').write([s.thing.gamma], { parent_id: s.thing.beta });
      const [g] = await pub.model('test.thing').read([s.thing.gamma], ['parent_id']);
      expect(g.parent_id).to.deep.equal([s.thing.beta, 'beta']);
      await sudo.model('test.thing').write([s.thing.gamma], { parent_id: false });
    });

    it('website.page: the public sees only published pages', async () => {
      const pages = pub.model('website.page');
      const rows = await pages.search_read([], ['name', 'url', 'website_published']);
      // The home page (data) and the published demo page; not the draft.
      expect(rows.map((r) => r.url)).to.deep.equal(['/', '/about-us']);
      expect(await pages.search_count([])).to.equal(2);
      const draft = await resolveXmlid(sudo, 'website.page_draft');
      const about = await resolveXmlid(sudo, 'website.page_about');
      await rejects(pages.read([draft], ['name']), AccessError);
      expect((await pages.read([about], ['name']))[0].name).to.equal('About us');
      expect(await sudo.model('website.page').search_count([])).to.equal(3);
      await rejects(pages.write([about], { name: 'Hacked' }), AccessError);
    });

    it('website.page: publishers see every page, ordinary users only published ones', async () => {
      const uid = await resolveXmlid(sudo, 'base.user_admin');
      const envs = tk.kernel.container.get(EnvFactory);
      const publisher = envs.forUser({ id: uid, partnerId: 0, groups: new Set(['base.group_user', 'website.group_website_publisher']) }, null, 'en_US');
      const user = envs.forUser({ id: uid, partnerId: 0, groups: new Set(['base.group_user']) }, null, 'en_US');
      expect(await publisher.model('website.page').search_count([])).to.equal(3);
      expect(await user.model('website.page').search_count([])).to.equal(2);
    });
  });
});
