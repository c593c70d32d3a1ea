import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { CATEGORY_MODEL, PRODUCTS_PER_PAGE, PRODUCT_MODEL, TEMPLATE_MODEL, productUrl } from '../index';

describe('sale: /shop and product pages', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let tshirt: number;
  let office: number;

  const get = async (path: string) => {
    const res = await fetch(`${tk.url}${path}`, { redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const names = (html: string) => [...html.matchAll(/class="stretched-link[^"]*">([^<]+)</g)].map((m) => m[1]);

  before(async () => {
    tk = await bootTestKernel({ modules: ['sale'], http: true, demo: true });
    const env = tk.sudo();
    [tshirt] = await env.model(TEMPLATE_MODEL).search([['name', '=', 'T-shirt']]);
    [office] = await env.model(CATEGORY_MODEL).search([['name', '=', 'Office']]);
    const [bulk] = [await env.model(CATEGORY_MODEL).create({ name: 'Bulk' })];
    for (let i = 1; i <= 25; i++) {
      const id = await env.model(TEMPLATE_MODEL).create({ name: `Sticker ${String(i).padStart(2, '0')}`, list_price: i, categ_id: bulk, website_published: true, website_sequence: 50 });
      await env.model(PRODUCT_MODEL).create({ product_tmpl_id: id });
    }
  });
  after(async () => tk?.stop());

  it('lists published products 20 a page, in order, with a pager; never the unpublished ones', async () => {
    const first = await get('/shop');
    expect(first.status).to.equal(200);
    const page1 = names(first.html);
    expect(page1).to.have.length(PRODUCTS_PER_PAGE);
    expect(page1.slice(0, 3)).to.deep.equal(['T-shirt', 'Standing desk', 'Office chair']);
    expect(first.html).to.contain('href="/shop?page=2"').and.not.contain('Prototype gadget');
    expect(first.html).to.match(/<a[^>]*href="\/shop"[^>]*>Shop<\/a>/); // the site menu's entry
    const second = names((await get('/shop?page=2')).html);
    expect(second).to.have.length(6 + 25 - PRODUCTS_PER_PAGE);
    expect(second.at(-1)).to.equal('Sticker 25');
    // A page past the end shows the last one; a bad page number is refused.
    expect(names((await get('/shop?page=99')).html)).to.deep.equal(second);
    expect((await get('/shop?page=abc')).status).to.equal(400);
  });

  it('searches every word in names and descriptions, and filters by a category and its subcategories', async () => {
    expect(names((await get('/shop?search=desk')).html)).to.deep.equal(['Standing desk', 'Desk lamp']);
    expect(names((await get('/shop?search=warm%20lamp')).html)).to.deep.equal(['Desk lamp']);
    expect(names((await get('/shop?search=cotton')).html)).to.deep.equal(['T-shirt']);
    const none = await get('/shop?search=unicorn');
    expect(names(none.html)).to.deep.equal([]);
    expect(none.html).to.contain('No product matches your search.');
    // Office holds the chair and the notebook, and Desks (the desk and the lamp) under it.
    expect(names((await get(`/shop?category=${office}`)).html)).to.deep.equal(['Standing desk', 'Office chair', 'Notebook', 'Desk lamp']);
    expect(names((await get(`/shop?category=${office}&search=lamp`)).html)).to.deep.equal(['Desk lamp']);
    expect((await get(`/shop?search=${'x'.repeat(101)}`)).status).to.equal(400);
  });

  it('shows a product with its variants: the server prices the chosen combination, an archived one is not available', async () => {
    const url = productUrl({ id: tshirt, name: 'T-shirt' });
    const page = await get(url);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('T-shirt').and.contain('€ 15.00').and.contain('name="csrf_token"').and.contain('Add to cart');
    expect(page.html).to.contain('M (+€ 2.00)').and.contain('L (+€ 4.00)');

    const [size, colour] = [
      await tk.sudo().model('product.attribute.value').search([['name', 'in', ['L']]]),
      await tk.sudo().model('product.attribute.value').search([['name', 'in', ['Blue', 'Red']], ['attribute_id.name', '=', 'Colour']]),
    ];
    const lBlue = await get(`${url}?values=${[size[0], colour[0]].join(',')}`);
    expect(lBlue.html).to.contain('€ 19.00').and.not.contain('not available');
    const lRed = await get(`${url}?values=${[size[0], colour[1]].join(',')}`);
    expect(lRed.html).to.contain('This combination is not available.').and.not.contain('id="add_to_cart"');
    expect((await get(`${url}?values=1;drop`)).status).to.equal(400);
  });

  it('leaves a published product that is not listed out of /shop and its search, and still sells it', async () => {
    const env = tk.sudo();
    const tmpl = await env.model(TEMPLATE_MODEL).create({ name: 'Backstage pass', list_price: 7, website_published: true, website_listed: false });
    const variant = await env.model(PRODUCT_MODEL).create({ product_tmpl_id: tmpl });
    try {
      expect((await get('/shop')).html + (await get('/shop?page=2')).html).not.to.contain('Backstage pass');
      expect(names((await get('/shop?search=backstage')).html)).to.deep.equal([]);
      const res = await fetch(`${tk.url}/shop/cart/update_json`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { product_id: variant, add_qty: 2 }, id: 1 }),
      });
      expect((await res.json()).result).to.include({ quantity: 2, amount_total: 14 });
    } finally {
      await env.model(TEMPLATE_MODEL).write([tmpl], { active: false });
    }
  });

  it('redirects a wrong slug to the right one, and answers 404 for unknown and unpublished products', async () => {
    const wrong = await get(`/shop/product/shirt-${tshirt}`);
    expect(wrong.status).to.equal(301);
    expect(wrong.location).to.equal(productUrl({ id: tshirt, name: 'T-shirt' }));
    expect((await get('/shop/product/nothing-999999')).status).to.equal(404);
    const [draft] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'Prototype gadget']]);
    expect((await get(productUrl({ id: draft, name: 'Prototype gadget' }))).status).to.equal(404);
  });

  it('keeps variants sound: values offered on the product, one per attribute, no two active variants alike', async () => {
    const env = tk.sudo();
    const value = async (name: string) => (await env.model('product.attribute.value').search([['name', '=', name]]))[0];
    const [mug] = await env.model(TEMPLATE_MODEL).search([['name', '=', 'Coffee mug']]);
    const refused = async (vals: Record<string, unknown>) => {
      try { await env.model(PRODUCT_MODEL).create(vals); } catch (e) { return (e as Error).message; }
      return 'created';
    };
    expect(await refused({ product_tmpl_id: mug, value_ids: [[6, 0, [await value('M')]]] })).to.equal('A variant may only have values offered on its product.');
    expect(await refused({ product_tmpl_id: tshirt, value_ids: [[6, 0, [await value('M'), await value('L')]]] })).to.equal('A variant has one value per attribute.');
    expect(await refused({ product_tmpl_id: tshirt, value_ids: [[6, 0, [await value('M'), await value('Blue')]]] })).to.equal('Another variant of this product has the same values.');
    // Archived variants do not count: another archived L Red is fine.
    expect(await refused({ product_tmpl_id: tshirt, value_ids: [[6, 0, [await value('L'), await value('Red')]]], active: false })).to.equal('created');
  });

  it('shows an empty cart to a new visitor, without storing a session', async () => {
    const res = await fetch(`${tk.url}/shop/cart`);
    expect(await res.text()).to.contain('Your cart is empty!');
    expect(res.headers.get('set-cookie') ?? '').to.not.contain('session_id');
  });
});
