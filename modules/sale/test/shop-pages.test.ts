import { expect } from 'chai';
import sharp from 'sharp';
import { PublicPageCache } from '@platform/http';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { CATEGORY_MODEL, PRODUCTS_PER_PAGE, PRODUCT_MODEL, TEMPLATE_MODEL, productUrl } from '../index';

/** Products the demo lists in /shop. */
const DEMO_LISTED = 31;

describe('sale: /shop and product pages', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let tshirt: number;
  let office: number;
  /** `<attribute id>-<value id>` by value name, and the stickers' own attribute. */
  const attrib: Record<string, string> = {};

  const get = async (path: string) => {
    const res = await fetch(`${tk.url}${path}`, { redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const names = (html: string) => [...html.matchAll(/class="stretched-link[^"]*">([^<]+)</g)].map((m) => m[1].replace(/&#x27;/g, "'"));

  before(async () => {
    tk = await bootTestKernel({ modules: ['sale'], http: true, demo: true });
    const env = tk.sudo();
    [tshirt] = await env.model(TEMPLATE_MODEL).search([['name', '=', 'T-shirt']]);
    [office] = await env.model(CATEGORY_MODEL).search([['name', '=', 'Office']]);
    const [bulk] = [await env.model(CATEGORY_MODEL).create({ name: 'Bulk' })];
    // The stickers share a finish of their own: 25 products for one filter, two pages of them.
    const finish = await env.model('product.attribute').create({ name: 'Finish' }) as number;
    const glossy = await env.model('product.attribute.value').create({ name: 'Glossy', attribute_id: finish }) as number;
    for (let i = 1; i <= 25; i++) {
      const id = await env.model(TEMPLATE_MODEL).create({ name: `Sticker ${String(i).padStart(2, '0')}`, list_price: i, categ_id: bulk, website_published: true, website_sequence: 50 });
      await env.model('product.template.attribute.value').create({ product_tmpl_id: id, attribute_value_id: glossy });
      await env.model(PRODUCT_MODEL).create({ product_tmpl_id: id });
    }
    for (const v of await env.model('product.attribute.value').search_read([], ['name', 'attribute_id'])) {
      attrib[String(v.name)] = `${(v.attribute_id as [number, string])[0]}-${v.id}`;
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
    expect(names((await get('/shop?page=2')).html)).to.have.length(PRODUCTS_PER_PAGE);
    const last = names((await get('/shop?page=3')).html);
    expect(last).to.have.length(DEMO_LISTED + 25 - 2 * PRODUCTS_PER_PAGE);
    expect(last.at(-1)).to.equal('Sticker 25');
    // A page past the end shows the last one; a bad page number is refused.
    expect(names((await get('/shop?page=99')).html)).to.deep.equal(last);
    expect((await get('/shop?page=abc')).status).to.equal(400);
  });

  it('searches every word in names and descriptions, and filters by a category and its subcategories', async () => {
    expect(names((await get('/shop?search=desk')).html)).to.deep.equal(['Standing desk', 'Desk lamp']);
    expect(names((await get('/shop?search=warm%20lamp')).html)).to.deep.equal(['Desk lamp']);
    expect(names((await get('/shop?search=cotton')).html)).to.deep.equal(['T-shirt']);
    const none = await get('/shop?search=unicorn');
    expect(names(none.html)).to.deep.equal([]);
    expect(none.html).to.contain('No product matches your search.');
    // Office holds the chair and the notebook, and Desks (the desk, the lamp...) and Stationery under it.
    expect(names((await get(`/shop?category=${office}`)).html)).to.deep.equal([
      'Standing desk', 'Office chair', 'Notebook', 'Desk lamp', 'Monitor arm', 'Cable tray', 'Fountain pen', 'Pencil set', 'Sticky notes',
    ]);
    expect(names((await get(`/shop?category=${office}&search=lamp`)).html)).to.deep.equal(['Desk lamp']);
    expect((await get(`/shop?search=${'x'.repeat(101)}`)).status).to.equal(400);
  });

  it('filters by attribute values: values of one attribute are alternatives, attributes add up; with search, category and pages, by GET', async () => {
    const shop = await get('/shop');
    // The panel: a GET form of checkboxes, one per value the listed products offer.
    const form = /<form [^>]*class="mt-4 js_attributes"[^>]*>/.exec(shop.html)?.[0] ?? '';
    expect(form).to.contain('method="get"').and.contain('action="/shop"');
    /** The `<input>` tags of this name and value. */
    const inputs = (html: string, name: string, value: string) => [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]).filter((t) => t.includes(`name="${name}"`) && t.includes(`value="${value}"`));
    for (const value of ['S', 'L', 'Red', 'Navy', '0.5 l', 'Glossy']) expect(inputs(shop.html, 'attrib', attrib[value])[0]).to.contain('type="checkbox"').and.not.contain('checked');
    const q = (...values: string[]) => values.map((v) => `attrib=${attrib[v]}`).join('&');
    expect(names((await get(`/shop?${q('L')}`)).html)).to.deep.equal(['T-shirt', 'Hoodie', 'Polo shirt', 'Hiking socks', 'Plant pot']);
    expect(names((await get(`/shop?${q('Red', 'Green')}`)).html)).to.deep.equal(['T-shirt', 'Baseball cap', 'Linen cushion', 'Water bottle']);
    expect(names((await get(`/shop?${q('L', 'Red')}`)).html)).to.deep.equal(['T-shirt']);
    expect(names((await get(`/shop?${q('L', 'Black')}`)).html)).to.deep.equal(['Hoodie']);
    expect(names((await get(`/shop?search=shirt&${q('L')}`)).html)).to.deep.equal(['T-shirt', 'Polo shirt']);
    const [clothes] = await tk.sudo().model(CATEGORY_MODEL).search([['name', '=', 'Clothes']]);
    const black = await get(`/shop?category=${clothes}&${q('Black')}`);
    expect(names(black.html)).to.deep.equal(['Hoodie', 'Baseball cap']);
    // The checked box stays checked, the form keeps the category, the search box keeps the filter.
    const blackBoxes = inputs(black.html, 'attrib', attrib.Black);
    expect(blackBoxes.find((t) => t.includes('checkbox'))).to.contain('checked');
    expect(blackBoxes.find((t) => t.includes('hidden'))).to.not.equal(undefined);
    expect(inputs(black.html, 'category', String(clothes)).filter((t) => t.includes('hidden'))).to.have.length(2);
    expect(names((await get(`/shop?${q('L', 'Glossy')}`)).html)).to.deep.equal([]);
    // 25 glossy stickers: two pages, the pager keeps the filter.
    const glossy = await get(`/shop?${q('Glossy')}`);
    expect(names(glossy.html)).to.have.length(PRODUCTS_PER_PAGE);
    expect(glossy.html).to.contain(`href="/shop?attrib=${attrib.Glossy}&amp;page=2"`);
    expect(names((await get(`/shop?${q('Glossy')}&page=2`)).html)).to.deep.equal(['Sticker 21', 'Sticker 22', 'Sticker 23', 'Sticker 24', 'Sticker 25']);
    // An unknown value filters nothing; a malformed one is refused.
    expect(names((await get('/shop?attrib=1-999999')).html)).to.have.length(PRODUCTS_PER_PAGE);
    expect((await get('/shop?attrib=abc')).status).to.equal(400);
  });

  it('shows variant pictures through /web/image/product.product: a variant\'s own, else its product\'s, resized', async () => {
    const env = tk.sudo();
    const variantOf = async (tmpl: string, values: string[] = []) => {
      const rows = await env.model(PRODUCT_MODEL).search_read([['product_tmpl_id.name', '=', tmpl]], ['value_ids']);
      const ids = values.length ? (await env.model('product.attribute.value').search([['name', 'in', values]])) : [];
      return Number(rows.find((r) => (r.value_ids as number[]).length === ids.length && ids.every((i) => (r.value_ids as number[]).includes(i)))!.id);
    };
    const bytes = async (path: string) => {
      const res = await fetch(`${tk.url}${path}`);
      expect(res.status, path).to.equal(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const [sBlue, mRed, hoodie] = [await variantOf('T-shirt', ['S', 'Blue']), await variantOf('T-shirt', ['M', 'Red']), await variantOf('Hoodie', ['M', 'Navy'])];
    const [hoodieTmpl] = await env.model(TEMPLATE_MODEL).search([['name', '=', 'Hoodie']]);
    // The red T-shirt has a picture of its own; the hoodie's variant shows its product's.
    expect((await bytes(`/web/image/product.product/${mRed}/image`)).equals(await bytes(`/web/image/product.product/${sBlue}/image`))).to.equal(false);
    expect((await bytes(`/web/image/product.product/${hoodie}/image`)).equals(await bytes(`/web/image/product.template/${hoodieTmpl}/image`))).to.equal(true);
    const medium = await sharp(await bytes(`/web/image/product.product/${hoodie}/image?size=image_medium`)).metadata();
    expect([medium.format, medium.width]).to.deep.equal(['png', 256]);
    expect((await sharp(await bytes(`/web/image/product.product/${mRed}/image_small`)).metadata()).width).to.equal(64);
    // The listing and the product page show them.
    // (a card shows its product's first variant: the hoodie's S Grey, which shows the hoodie's picture)
    const hoodieFirst = await variantOf('Hoodie', ['S', 'Grey']);
    expect((await get('/shop')).html).to.contain(`src="/web/image/product.product/${sBlue}/image?size=image_medium"`).and.contain(`src="/web/image/product.product/${hoodieFirst}/image?size=image_medium"`);
    const [size, colour] = [await env.model('product.attribute.value').search([['name', '=', 'M']]), await env.model('product.attribute.value').search([['name', '=', 'Red']])];
    expect((await get(`${productUrl({ id: tshirt, name: 'T-shirt' })}?values=${size[0]},${colour[0]}`)).html).to.contain(`src="/web/image/product.product/${mRed}/image"`);
    // A product without any picture shows none; an archived variant and an unpublished product's are not served to visitors.
    const plain = await env.model(TEMPLATE_MODEL).create({ name: 'Plain box', list_price: 1, website_published: true, website_sequence: 1 });
    const plainVariant = await env.model(PRODUCT_MODEL).create({ product_tmpl_id: plain });
    try {
      expect((await get('/shop')).html).to.not.contain(`/web/image/product.product/${plainVariant}/`);
      expect((await fetch(`${tk.url}/web/image/product.product/${plainVariant}/image`)).status).to.equal(404);
    } finally {
      await env.model(TEMPLATE_MODEL).write([plain], { active: false });
    }
    const lRed = (await env.model(PRODUCT_MODEL).search_read([['product_tmpl_id', '=', tshirt], ['active', '=', false]], ['id']))[0];
    expect((await fetch(`${tk.url}/web/image/product.product/${lRed.id}/image`)).status).to.be.oneOf([403, 404]);
    const draft = await variantOf('Prototype gadget');
    expect((await fetch(`${tk.url}/web/image/product.product/${draft}/image`)).status).to.be.oneOf([403, 404]);
  });

  it('previews the cart for the header (?type=popover): its lines with their pictures, the total, never cached', async () => {
    const visitor = new RpcClient(tk.url);
    const empty = await visitor.get('/shop/cart?type=popover');
    expect(empty.headers.get('content-type')).to.contain('text/html');
    expect(empty.headers.get('cache-control')).to.contain('no-cache');
    const emptyHtml = await empty.text();
    expect(emptyHtml).to.contain('Your cart is empty!').and.not.contain('<html');
    const [mug] = await tk.sudo().model(PRODUCT_MODEL).search([['product_tmpl_id.name', '=', 'Coffee mug']]);
    await visitor.call('/shop/cart/update_json', { product_id: mug, add_qty: 3 });
    const html = await (await visitor.get('/shop/cart?type=popover')).text();
    expect(html).to.contain('Coffee mug').and.contain('Quantity: 3').and.contain('€ 25.50').and.contain('View cart (3)');
    expect(html).to.contain(`src="/web/image/product.product/${mug}/image?size=image_small"`).and.not.contain('<html');
    // The cart page shows the same picture on its line; another visitor's preview is empty.
    expect(await (await visitor.get('/shop/cart')).text()).to.contain(`src="/web/image/product.product/${mug}/image?size=image_small"`);
    expect(await (await new RpcClient(tk.url).get('/shop/cart?type=popover')).text()).to.contain('Your cart is empty!');
    expect((await visitor.get('/shop/cart?type=bogus')).status).to.equal(400);
  });

  it('shows a product with its variants: the server prices the chosen combination, an archived one is not available', async () => {
    const url = productUrl({ id: tshirt, name: 'T-shirt' });
    const page = await get(url);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('T-shirt').and.contain('€ 15.00').and.contain('Add to cart').and.not.contain('name="csrf_token"');
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

  it('keeps /shop in the public page cache for visitors without a cart, shows a price change at once, and a cart\'s own count', async () => {
    const early = () => tk.kernel.container.get(PublicPageCache).earlyHits;
    await get('/shop?search=Coffee');
    const before = early();
    expect((await get('/shop?search=Coffee')).html).to.contain('Coffee mug');
    expect(early(), 'the second visit is answered from the cache').to.equal(before + 1);
    const [mug] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'Coffee mug']]);
    const [{ list_price: price }] = await tk.sudo().model(TEMPLATE_MODEL).read([mug], ['list_price']);
    await tk.sudo().model(TEMPLATE_MODEL).write([mug], { list_price: 12.34 });
    try {
      expect((await get('/shop?search=Coffee')).html, 'a write to the products empties it').to.contain('12.34');
    } finally {
      await tk.sudo().model(TEMPLATE_MODEL).write([mug], { list_price: price });
    }
    // a visitor with a cart has a session: its listing is rendered for it, with its cart's quantity
    const buyer = new RpcClient(tk.url);
    const [variant] = await tk.sudo().model(PRODUCT_MODEL).search([['product_tmpl_id', '=', mug]]);
    expect((await buyer.rpc('/shop/cart/update_json', { product_id: variant, add_qty: 2 })).error).to.equal(undefined);
    const mine = await (await buyer.fetch('/shop?search=Coffee')).text();
    expect(mine).to.contain('my_cart_quantity">2<');
    expect((await get('/shop?search=Coffee')).html).not.to.contain('my_cart_quantity');
  });

  it('keeps a product page in the public page cache for visitors without a cart: a price or publish change shows at once, a cart its own count', async () => {
    const early = () => tk.kernel.container.get(PublicPageCache).earlyHits;
    const url = productUrl({ id: tshirt, name: 'T-shirt' });
    const first = await fetch(`${tk.url}${url}`);
    expect(first.headers.get('set-cookie'), 'showing the page stores nothing about the visitor').to.equal(null);
    const html = await first.text();
    const before = early();
    const withoutNonces = (page: string) => page.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces((await get(url)).html), 'every visitor gets the same page').to.equal(withoutNonces(html));
    expect(early(), 'later visits are answered from the cache').to.be.at.least(before + 1);
    const [{ list_price: price }] = await tk.sudo().model(TEMPLATE_MODEL).read([tshirt], ['list_price']);
    await tk.sudo().model(TEMPLATE_MODEL).write([tshirt], { list_price: 12.34 });
    try {
      expect((await get(url)).html, 'a price change shows at once').to.contain('€ 12.34');
      await tk.sudo().model(TEMPLATE_MODEL).write([tshirt], { website_published: false });
      expect((await get(url)).status, 'an unpublished product is gone at once').to.equal(404);
    } finally {
      await tk.sudo().model(TEMPLATE_MODEL).write([tshirt], { list_price: price, website_published: true });
    }
    expect((await get(url)).html).to.contain('€ 15.00');
    // a visitor with a cart has a session: the page is rendered for it, with its cart's quantity
    const buyer = new RpcClient(tk.url);
    const [variant] = await tk.sudo().model(PRODUCT_MODEL).search([['product_tmpl_id', '=', tshirt]]);
    expect((await buyer.rpc('/shop/cart/update_json', { product_id: variant, add_qty: 2 })).error).to.equal(undefined);
    expect(await (await buyer.fetch(url)).text()).to.contain('my_cart_quantity">2<');
    expect((await get(url)).html).not.to.contain('my_cart_quantity');
  });

  it('shows an empty cart to a new visitor, without storing a session', async () => {
    const res = await fetch(`${tk.url}/shop/cart`);
    expect(await res.text()).to.contain('Your cart is empty!');
    expect(res.headers.get('set-cookie') ?? '').to.not.contain('session_id');
  });
});
