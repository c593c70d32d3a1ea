import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { resolveXmlid } from '../data-loader';
import { ValidationError } from '@platform/core/errors';
import type { Env } from '../environment';
import { bootOrmTest, publicEnv, rejects } from './support';

describe('orm: translated fields', () => {
  let tk: TestKernel;
  let en: Env;
  let fr: Env;
  before(async () => {
    tk = await bootOrmTest({ modules: ['orm_test', 'website'], demo: true });
    en = tk.sudo();
    fr = en.withLang('fr_FR');
  });
  after(async () => tk?.stop());

  const title = async (env: Env, id: number) => (await env.model('test.thing').read([id], ['title']))[0].title;

  it('keeps one value per language and falls back to English', async () => {
    const id = await en.model('test.thing').create({ name: 'tr', title: 'Hello' });
    expect(await title(fr, id)).to.equal('Hello');
    await fr.model('test.thing').write([id], { title: 'Bonjour' });
    expect(await title(fr, id)).to.equal('Bonjour');
    expect(await title(en, id)).to.equal('Hello');
    expect(await title(en.withLang('de_DE'), id)).to.equal('Hello');
    await en.model('test.thing').write([id], { title: 'Hi' });
    expect(await title(en, id)).to.equal('Hi');
    expect(await title(fr, id)).to.equal('Bonjour');
  });

  it('uses a value created in another language as the English one too', async () => {
    const id = await fr.model('test.thing').create({ name: 'tr fr', title: 'Seulement français' });
    expect(await title(fr, id)).to.equal('Seulement français');
    expect(await title(en, id)).to.equal('Seulement français');
    await en.model('test.thing').write([id], { title: 'English only' });
    expect(await title(fr, id)).to.equal('Seulement français');
  });

  it('writes several languages at once, and clears all of them with false', async () => {
    const id = await en.model('test.thing').create({ name: 'tr dict', title: { en_US: 'Cat', fr_FR: 'Chat' } });
    expect(await title(fr, id)).to.equal('Chat');
    expect(await title(en, id)).to.equal('Cat');
    await en.model('test.thing').write([id], { title: { fr_FR: 'Minou' } });
    expect(await title(fr, id)).to.equal('Minou');
    expect(await title(en, id)).to.equal('Cat');
    await fr.model('test.thing').write([id], { title: false });
    expect(await title(fr, id)).to.equal(false);
    expect(await title(en, id)).to.equal(false);
    await rejects(en.model('test.thing').write([id], { title: 12 }), ValidationError);
    await rejects(en.model('test.thing').write([id], { title: ['a'] }), ValidationError);
  });

  it('searches, orders and groups in the reader\'s language', async () => {
    const things = en.model('test.thing');
    const [a, b] = await things.create([
      { name: 'ord a', code: 'ord', title: { en_US: 'Apple', fr_FR: 'Pomme' } },
      { name: 'ord b', code: 'ord', title: { en_US: 'Pear', fr_FR: 'Abricot' } },
    ]);
    expect(await things.search([['code', '=', 'ord']], { order: 'title' })).to.deep.equal([a, b]);
    expect(await fr.model('test.thing').search([['code', '=', 'ord']], { order: 'title' })).to.deep.equal([b, a]);
    expect(await fr.model('test.thing').search([['title', '=', 'Pomme']])).to.deep.equal([a]);
    expect(await things.search([['title', '=', 'Pomme']])).to.deep.equal([]);
    const groups = await fr.model('test.thing').read_group([['code', '=', 'ord']], [], ['title']);
    expect(groups.map((g) => [g.title, g.title_count])).to.deep.equal([['Abricot', 1], ['Pomme', 1]]);
    expect(await fr.model('test.thing').search_count(groups[0].__domain as never)).to.equal(1);
  });

  it('reads demo website pages in French for a French visitor', async () => {
    const about = await resolveXmlid(en, 'website.page_about');
    const pubFr = await publicEnv(tk, 'fr_FR');
    const [page] = await pubFr.model('website.page').read([about], ['name', 'website_meta_description']);
    expect(page).to.deep.include({ name: 'À propos', website_meta_description: 'Qui sommes-nous' });
    const [pageEn] = await (await publicEnv(tk)).model('website.page').read([about], ['name']);
    expect(pageEn.name).to.equal('About us');
    expect(await pubFr.model('website.page').name_search('propos')).to.deep.equal([[about, 'À propos']]);
  });
});
