import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { DataLoader } from '../data-loader';

/** `amend`: a demo record enriching a data record of its own module, once, at install. */
describe('orm: data records amended by demo', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'] });
  });
  after(async () => tk?.stop());

  const content = async () => String((await tk.sudo().model('website.page').search_read([['url', '=', '/amended']], ['content']))[0].content);

  it('writes an existing record of the same module at install only when the record says amend', async () => {
    const loader = new DataLoader(tk.sudo(), 'website');
    await loader.load([{ id: 'website.page_amended', model: 'website.page', noupdate: true, values: { name: 'A', url: '/amended', content: '<p>data</p>' } }], 'install');
    await loader.load([{ id: 'website.page_amended', model: 'website.page', values: { content: '<p>plain demo</p>' } }], 'install');
    expect(await content()).to.equal('<p>data</p>');
    await loader.load([{ id: 'website.page_amended', model: 'website.page', amend: true, noupdate: true, values: { content: '<p>rich demo</p>' } }], 'install');
    expect(await content()).to.equal('<p>rich demo</p>');
    // An upgrade leaves it alone: the publisher may have edited it since.
    await tk.sudo().model('website.page').write(await tk.sudo().model('website.page').search([['url', '=', '/amended']]), { content: '<p>edited</p>' });
    await loader.load([{ id: 'website.page_amended', model: 'website.page', amend: true, noupdate: true, values: { content: '<p>rich demo</p>' } }], 'update');
    expect(await content()).to.equal('<p>edited</p>');
  });
});
