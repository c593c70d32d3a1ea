import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { TEMPLATE_MODEL, productUrl } from '../index';
import { EcomStats } from '../server/services/ecom-stats';

/** Screenshots land here (SHOP_SCREENSHOTS, else the temporary folder) for a person to look at. */
const SHOTS = process.env.SHOP_SCREENSHOTS ?? path.join(os.tmpdir(), 'shop-screenshots');

describe('sale: in the browser', function () {
  this.timeout(90_000);
  let tk: TestKernel;

  before(async () => {
    tk = await bootTestKernel({ modules: ['sale'], http: true, demo: true });
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => tk?.stop());

  for (const width of [375, 1280]) {
    it(`at ${width}px: picks a variant, adds it to the cart by the plain form, changes it (- / +, a warning past the maximum) and removes it; no serious accessibility issue`, async () => {
      const browser = await launchBrowser();
      try {
        const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
        const errors = watchErrors(page);
        await page.goto(`${tk.url}/shop`);
        expect(describeViolations(await checkAccessibility(page))).to.equal('');
        await page.screenshot({ path: path.join(SHOTS, `shop-${width}.png`), fullPage: true });

        // Ticking an attribute value filters the listing at once (a GET, kept in the address).
        await page.waitForSelector('[data-island="sale.shop_filters"][data-hydrated="true"]');
        await Promise.all([page.waitForURL(/\/shop\?attrib=\d+-\d+$/), page.getByLabel('L', { exact: true }).check()]);
        await page.getByRole('link', { name: 'Hoodie' }).waitFor();
        expect(await page.getByRole('link', { name: 'Coffee mug' }).count()).to.equal(0);
        expect(await page.getByLabel('L', { exact: true }).isChecked()).to.equal(true);

        const [tshirt] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'T-shirt']]);
        // The product page (the same for every visitor, from the page cache) has its view sent by the browser.
        // Events are written in batches after the response: flushed before counting.
        const views = async () => (await tk.get(EcomStats).flush(), tk.sudo().db('sale_ecom_event').where({ event: 'product_view', res_id: tshirt }).count({ n: '*' }).first().then((r) => Number(r?.n)));
        const viewsBefore = await views();
        const viewed = page.waitForResponse((r) => r.url().endsWith(`/stats/ecom/product_view/${tshirt}`));
        await page.getByRole('link', { name: 'T-shirt' }).click();
        await page.waitForURL(`**${productUrl({ id: tshirt, name: 'T-shirt' })}`);
        expect((await (await viewed).json()).result).to.deep.equal({ ok: true });
        expect(await views()).to.equal(viewsBefore + 1);
        await page.getByRole('link', { name: 'L (+€ 4.00)' }).click();
        await page.getByText('€ 19.00').waitFor();
        // the picture zooms under the pointer only from 468 px up
        await page.waitForSelector(`.product-picture [data-zoom="${width >= 468 ? 'on' : 'off'}"]`);
        expect(describeViolations(await checkAccessibility(page))).to.equal('');
        await page.screenshot({ path: path.join(SHOTS, `product-${width}.png`), fullPage: true });
        await page.getByRole('link', { name: 'Red (+€ 1.00)' }).click();
        await page.getByText('This combination is not available.').waitFor();
        await page.getByRole('link', { name: 'M (+€ 2.00)' }).click();
        await page.getByLabel('Quantity').fill('3');
        await Promise.all([page.waitForURL('**/shop/cart'), page.getByRole('button', { name: 'Add to cart' }).click()]);
        await page.getByRole('link', { name: 'T-shirt (M, Red)' }).waitFor();
        expect(await page.locator('#order_total').textContent()).to.equal('€ 54.00');
        expect(describeViolations(await checkAccessibility(page))).to.equal('');
        await page.screenshot({ path: path.join(SHOTS, `cart-${width}.png`), fullPage: true });

        // The header's cart preview: shown once the pointer rests on the link (100 ms), hidden 1 s after it left.
        await page.goto(`${tk.url}/shop`);
        await page.waitForSelector('[data-island="sale.cart_link"][data-hydrated="true"]');
        const popover = page.locator('#cart_popover');
        const hovered = Date.now();
        await page.locator('#my_cart').hover();
        await popover.getByRole('link', { name: 'T-shirt (M, Red)' }).waitFor();
        expect(Date.now() - hovered).to.be.at.least(100);
        expect(await popover.textContent()).to.contain('Quantity: 3').and.contain('€ 54.00').and.contain('View cart (3)');
        expect(await popover.locator('img').getAttribute('src')).to.match(/^\/web\/image\/product\.product\/\d+\/image\?size=image_small$/);
        await page.screenshot({ path: path.join(SHOTS, `popover-${width}.png`) });
        expect(describeViolations(await checkAccessibility(page))).to.equal('');
        // axe scrolls the page under the pointer; resting on the link again keeps (or brings back) the preview.
        await page.locator('#my_cart').hover();
        await popover.waitFor();
        const left = Date.now();
        await page.mouse.move(5, 600);
        await popover.waitFor({ state: 'detached' });
        expect(Date.now() - left).to.be.at.least(1000);
        await page.goto(`${tk.url}/shop/cart`);

        await page.getByLabel('Quantity of T-shirt (M, Red)').fill('1');
        await Promise.all([page.waitForURL('**/shop/cart'), page.getByRole('button', { name: 'Update' }).click()]);
        await page.locator('#order_total', { hasText: '€ 18.00' }).waitFor();
        // Once hydrated, - / + ask the server and show the amounts it answers.
        await page.waitForSelector('[data-island="sale.cart"][data-hydrated="true"]');
        // On a phone too: nothing wider than the screen, - / + inside it, the total in view.
        const inView = async (selector: string) => {
          const b = (await page.locator(selector).first().boundingBox())!;
          return b.x >= 0 && b.x + b.width <= width && b.y >= 0 && b.y + b.height <= 900;
        };
        const fits = {
          page: await page.evaluate(() => document.documentElement.scrollWidth) <= width,
          minus: await inView('.js_cart_line button[aria-label^="Remove one"]'), plus: await inView('.js_cart_line button[aria-label^="Add one"]'), total: await inView('#order_total'),
        };
        expect(fits).to.deep.equal({ page: true, minus: true, plus: true, total: true });
        // two quick clicks are one update, sent once the clicks stop (the spec's 500 ms)
        const updates: string[] = [];
        page.on('request', (r) => { if (r.url().includes('/shop/cart/update_json')) updates.push(String(r.postData())); });
        await page.getByRole('button', { name: 'Add one T-shirt (M, Red)' }).click();
        await page.getByRole('button', { name: 'Add one T-shirt (M, Red)' }).click();
        expect(await page.getByLabel('Quantity of T-shirt (M, Red)').inputValue()).to.equal('3');
        await page.locator('#order_total', { hasText: '€ 54.00' }).waitFor();
        expect(updates.map((u) => JSON.parse(u).params.set_qty)).to.deep.equal([3]);
        await page.getByRole('button', { name: 'Remove one T-shirt (M, Red)' }).click();
        await page.locator('#order_total', { hasText: '€ 36.00' }).waitFor();
        await page.getByLabel('Quantity of T-shirt (M, Red)').fill('100');
        await page.getByRole('button', { name: 'Update' }).click();
        await page.locator('#order_total', { hasText: '€ 1,800.00' }).waitFor();
        await page.getByRole('button', { name: 'Add one T-shirt (M, Red)' }).click();
        await page.getByRole('alert').filter({ hasText: 'at most 100' }).waitFor();
        await page.locator('#order_total', { hasText: '€ 1,800.00' }).waitFor();
        expect(describeViolations(await checkAccessibility(page))).to.equal('');
        await page.screenshot({ path: path.join(SHOTS, `cart-warning-${width}.png`), fullPage: true });
        await page.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('button', { name: 'Remove one T-shirt (M, Red)' }).click();
        await page.locator('#order_total', { hasText: '€ 1,782.00' }).waitFor();
        await Promise.all([page.waitForURL('**/shop/cart'), page.getByRole('button', { name: 'Remove T-shirt (M, Red)' }).click()]);
        await page.getByText('Your cart is empty!').waitFor();
        expect(errors).to.deep.equal([]);
      } finally {
        await browser.close();
      }
    });
  }
});
