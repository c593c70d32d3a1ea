import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { extractTerms, translateArch } from '../server/services/page-terms';
import { splitPageCopies } from '../migrations/20261128000000_website_page_term';

/** One layout per page, its texts translated by term (website.page.term). */
describe('website: one layout per page, translated by term', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let publisher: RpcClient;
  let employee: RpcClient;
  let aboutId: number;
  const visitor = () => new RpcClient(tk.url);

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Pia Publisher', login: 'pia@example.com', password: 'pia-pass-1234', groups: ['website.group_website_publisher'] });
    await accounts.create({ name: 'Ed Employee', login: 'ed@example.com', password: 'ed-pass-1234', groups: ['base.group_user'] });
    publisher = new RpcClient(tk.url);
    await publisher.authenticate('pia@example.com', 'pia-pass-1234');
    employee = new RpcClient(tk.url);
    await employee.authenticate('ed@example.com', 'ed-pass-1234');
    aboutId = (await tk.sudo().model('website.page').search([['url', '=', '/about-us']]))[0];
  });
  after(async () => tk?.stop());

  it('terms are the texts of blocks and translatable attributes; a translation replaces its term only', () => {
    const arch = '<section class="cta"><h2>Hello</h2><p class="lead">We <b>build</b> sites.</p><p><a class="btn" href="/x">Go</a></p>'
      + '<img src="/i.png" alt="A team"><section data-dynamic-block="website.latest_pages"></section><p> 42 </p></section>';
    expect(extractTerms(arch)).to.deep.equal(['Hello', 'We <b>build</b> sites.', 'Go', 'A team']);
    const fr = translateArch(arch, new Map([['We <b>build</b> sites.', 'Nous <b>faisons</b> des sites.'], ['Go', 'Allez'], ['A team', 'Une équipe']]));
    expect(fr).to.equal('<section class="cta"><h2>Hello</h2><p class="lead">Nous <b>faisons</b> des sites.</p><p><a class="btn" href="/x">Allez</a></p>'
      + '<img src="/i.png" alt="Une équipe"><section data-dynamic-block="website.latest_pages"></section><p> 42 </p></section>');
  });

  it('the demo French page is term translations of the one layout', async () => {
    const layout = (await tk.sudo().model('website.page').read([aboutId], ['content']))[0].content;
    expect((await tk.sudo().withLang('fr_FR').model('website.page').read([aboutId], ['content']))[0].content).to.equal(layout);
    const terms = await tk.sudo().model('website.page.term').search_read([['page_id', '=', aboutId]], ['lang', 'source', 'value']);
    expect(terms.map((t) => [t.lang, t.source, t.value])).to.deep.equal([['fr_FR', 'We are a small team building an open website platform.', 'Nous sommes une petite équipe qui construit une plateforme web ouverte.']]);
  });

  it('an English edit reaches the French page in English until translated, then in French', async () => {
    const arch = '<p>We are a small team building an open website platform.</p>'
      + '<section class="block-cta"><h2>Work with us</h2><p><a class="btn btn-primary" href="/contactus">Contact us</a></p></section>';
    await publisher.call('/website/page/save', { id: aboutId, lang: 'en_US', content: arch });
    let french = await (await visitor().get('/fr/about-us')).text();
    expect(french).to.contain('Nous sommes une petite équipe').and.contain('<section class="block-cta"><h2>Work with us</h2>').and.contain('>Contact us</a>');
    // The publisher is told what is left, on the page and in the translation editor.
    expect(await (await publisher.get('/fr/about-us')).text()).to.contain('2 à traduire');
    const editor = await (await publisher.get('/fr/about-us?edit_translations=1')).text();
    expect(editor).to.contain('data-island="website.translation_editor"').and.contain('Work with us').and.not.contain('ProseMirror');
    expect(await (await publisher.get('/about-us?enable_editor=1')).text()).to.contain('Français (2)');

    const saved = await publisher.call<{ saved: number; untranslated: number }>('/website/page/translate', {
      id: aboutId, lang: 'fr_FR', translations: [{ source: 'Work with us', value: 'Travaillez avec nous' }, { source: 'Contact us', value: 'Contactez-nous<script>alert(1)</script>' }],
    });
    expect(saved).to.deep.equal({ saved: 2, untranslated: 0 });
    french = await (await visitor().get('/fr/about-us')).text();
    expect(french).to.contain('<h2>Travaillez avec nous</h2>').and.contain('<a class="btn btn-primary" href="/contactus" rel="noopener noreferrer">Contactez-nous</a>').and.not.contain('alert(1)');
    const english = await (await visitor().get('/about-us')).text();
    expect(english).to.contain('<h2>Work with us</h2>').and.not.contain('Travaillez');
    // The back office's list says what is left per page and language.
    expect((await tk.sudo().model('website.page').read([aboutId], ['translation_status']))[0].translation_status).to.equal(false);

    // A changed text is a new term: English again in French until translated; its old translation stays unused.
    await publisher.call('/website/page/save', { id: aboutId, lang: 'en_US', content: arch.replace('Work with us', 'Work with our team') });
    french = await (await visitor().get('/fr/about-us')).text();
    expect(french).to.contain('<h2>Work with our team</h2>').and.contain('Contactez-nous');
    expect((await tk.sudo().model('website.page').read([aboutId], ['translation_status']))[0].translation_status).to.equal('Français: 1 / 3');
    // Emptying a translation removes it.
    await publisher.call('/website/page/translate', { id: aboutId, lang: 'fr_FR', translations: [{ source: 'Contact us', value: ' ' }] });
    expect(await (await visitor().get('/fr/about-us')).text()).to.contain('>Contact us</a>');
  });

  it('refuses stale terms, the main language, other users and bad params, writing nothing', async () => {
    const count = () => tk.sudo().model('website.page.term').search_count([]);
    const before = await count();
    const call = (client: RpcClient, params: Record<string, unknown>) => client.rpc('/website/page/translate', params);
    expect((await call(publisher, { id: aboutId, lang: 'fr_FR', translations: [{ source: 'Not on the page', value: 'x' }] })).error?.data.message).to.contain('reload');
    expect((await call(publisher, { id: aboutId, lang: 'en_US', translations: [] })).error?.data.name).to.equal('ValidationError');
    expect((await call(publisher, { id: aboutId, lang: 'de_DE', translations: [] })).error?.data.name).to.equal('ValidationError');
    expect((await call(publisher, { id: 999999, lang: 'fr_FR', translations: [] })).error?.data.name).to.equal('MissingError');
    expect((await call(publisher, { id: aboutId, lang: 'fr_FR', translations: 'x' })).error?.data.name).to.equal('ValidationError');
    expect((await call(employee, { id: aboutId, lang: 'fr_FR', translations: [{ source: 'Contact us', value: 'x' }] })).error?.data.name).to.equal('AccessError');
    expect((await call(visitor(), { id: aboutId, lang: 'fr_FR', translations: [] })).error?.code).to.equal(100);
    expect(await count()).to.equal(before);
  });

  it('the migration turns per-language copies into one layout and term translations', async () => {
    const db = tk.sudo().db;
    const copies = { en_US: '<h2>Old</h2><p>One</p>', fr_FR: '<h2>Ancien</h2><p>Un</p>', de_DE: '<p>Nur eins</p>' };
    const [row] = await db('website_page').insert({ name: JSON.stringify({ en_US: 'Old' }), url: '/old-copies', content: JSON.stringify(copies), website_published: true }).returning('id');
    const id = Number(typeof row === 'object' ? row.id : row);
    await splitPageCopies(db);
    expect((await db('website_page').where({ id }).first('content')).content).to.equal('<h2>Old</h2><p>One</p>');
    const terms = await db('website_page_term').where({ page_id: id }).orderBy('id').select('lang', 'source', 'value');
    // The German copy has another layout: it cannot be matched and is translated again.
    expect(terms).to.deep.equal([{ lang: 'fr_FR', source: 'Old', value: 'Ancien' }, { lang: 'fr_FR', source: 'One', value: 'Un' }]);
  });
});
