import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

const FIXTURES = path.resolve(__dirname, '..', '..', 'platform', 'orm', 'test', 'fixtures');

/** A 2x2 PNG, built here so the upload is a real image file. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The generic form on a model with every field type (the ORM's test fixture): dates typed in the
 * user's format, selection, many2one, many2many, one2many lines edited in place, html, translated
 * fields per language, duplicate, delete with confirmation, and an image uploaded on a site.
 */
describe('tour: back office generic form', function () {
  this.timeout(120000);
  let tk: TestKernel;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let id: number;

  const thing = async (fields: string[]) => (await tk.sudo().model('test.thing').read([id], fields))[0];
  const open = async (hash: string) => {
    await page.goto(`${tk.url}/web${hash}`);
    await page.waitForSelector('#backoffice-main h1');
  };

  before(async () => {
    tk = await bootTestKernel({ modules: ['orm_test'], roots: [FIXTURES], http: true });
    await tk.sudo().model('test.category').create([{ name: 'Hardware', code: 'hw' }, { name: 'Software', code: 'sw' }]);
    await tk.sudo().model('test.tag').create([{ name: 'urgent' }, { name: 'later' }]);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Paris' })).newPage();
    errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('creates a record with every kind of field, dates in the user\'s format', async () => {
    await open('#model=test.thing&view=form');
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    await page.fill('#field-name', 'Widget');
    await page.fill('#field-qty', '4');
    await page.fill('#field-price', '2.5');
    await page.selectOption('#field-state', 'open');
    await page.click('#field-published');
    // en_US writes dates MM/DD/YYYY; the browser is in Paris (UTC+1 in March).
    await page.fill('#field-day', '03/05/2026');
    await page.fill('#field-moment', '03/05/2026 14:30:00');
    // html in the site's rich-text editor (its own chunk, loaded with the first html field).
    await page.click('#field-body [role=textbox]');
    await page.keyboard.type('Hello <script>');
    await page.click('#field-body [role=toolbar] button[title="Bold"]');
    // The toolbar hands the focus back to the text; a key typed before that would land on the button.
    await page.waitForFunction(() => document.activeElement?.closest('#field-body [role=textbox]') != null);
    await page.keyboard.type(' world');
    await page.fill('#field-category_id', 'Hard');
    await page.click('[role=option]:has-text("Hardware")');
    await page.fill('#field-tag_ids', 'urg');
    await page.click('[role=option]:has-text("urgent")');
    await page.click('[data-field=line_ids] ~ .add-line, .add-line');
    await page.click('.add-line');
    await page.fill('#line_ids-0-name', 'first line');
    await page.fill('#line_ids-0-amount', '10');
    await page.fill('#line_ids-1-name', 'second line');
    await page.fill('#line_ids-1-amount', '20');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForURL(/view=form&id=\d+/);
    await page.waitForSelector('.alert-success');
    id = Number(/id=(\d+)/.exec(page.url())![1]);
    const saved = await thing(['name', 'qty', 'price', 'state', 'published', 'day', 'moment', 'body', 'category_id', 'tag_ids', 'line_ids', 'total']);
    expect(saved).to.deep.include({ name: 'Widget', qty: 4, price: 2.5, state: 'open', published: true, day: '2026-03-05', moment: '2026-03-05 13:30:00', total: 10 });
    expect(saved.body).to.equal('<p>Hello &lt;script&gt;<strong> world</strong></p>');
    expect((saved.category_id as [number, string])[1]).to.equal('Hardware');
    expect((saved.tag_ids as number[]).length).to.equal(1);
    expect((saved.line_ids as number[]).length).to.equal(2);
    expect(await page.inputValue('#field-day')).to.equal('03/05/2026');
    expect(await page.inputValue('#field-moment')).to.equal('03/05/2026 14:30:00');
  });

  it('refuses a date that does not follow the format, and flags empty required fields before any call', async () => {
    await page.fill('#field-day', '2026-13-45');
    await page.press('#field-day', 'Tab');
    expect(await page.getAttribute('#field-day', 'class')).to.contain('is-invalid');
    await page.fill('#field-day', '03/05/2026');
    await page.press('#field-day', 'Tab');
    await page.fill('#field-name', '');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForSelector('.alert-danger');
    expect(await page.textContent('.alert-danger')).to.contain('Some required fields are empty: Name');
    expect(await page.getAttribute('#field-name', 'class')).to.contain('is-invalid');
    expect((await thing(['name'])).name).to.equal('Widget');
    await page.click('text=Discard');
    expect(await page.inputValue('#field-name')).to.equal('Widget');
  });

  it('edits one2many lines in place: change one, remove one, add one', async () => {
    await page.fill('#line_ids-0-amount', '15');
    await page.click('[aria-label="Remove line 2"]');
    await page.click('.add-line');
    await page.fill('#line_ids-1-name', 'third line');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForSelector('.alert-success');
    const lines = await tk.sudo().model('test.line').search_read([['thing_id', '=', id]], ['name', 'amount'], { order: 'id' });
    expect(lines.map((l) => [l.name, l.amount])).to.deep.equal([['first line', 15], ['third line', 0]]);
  });

  it('writes a translated field per language', async () => {
    await page.fill('#field-title', 'Spring sale');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForSelector('.alert-success');
    await page.selectOption('#form-lang', 'fr_FR');
    await page.waitForSelector('label[for=field-title] .badge:has-text("fr_FR")');
    await page.fill('#field-title', 'Soldes de printemps');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForSelector('.alert-success');
    const en = (await tk.sudo().model('test.thing').read([id], ['title']))[0].title;
    const fr = (await tk.sudo().withLang('fr_FR').model('test.thing').read([id], ['title']))[0].title;
    expect([en, fr]).to.deep.equal(['Spring sale', 'Soldes de printemps']);
    await page.selectOption('#form-lang', 'en_US');
    await page.waitForFunction(() => (document.getElementById('field-title') as HTMLInputElement).value === 'Spring sale');
  });

  it('duplicates, then deletes only once confirmed', async () => {
    await page.click('text=Duplicate');
    await page.waitForFunction((first) => /id=\d+/.test(location.hash) && !location.hash.endsWith(`id=${first}`), id);
    await page.waitForFunction(() => (document.getElementById('field-name') as HTMLInputElement | null)?.value === 'Widget (copy)');
    const copyId = Number(/id=(\d+)/.exec(page.url())![1]);
    const [copy] = await tk.sudo().model('test.thing').read([copyId], ['category_id', 'tag_ids', 'line_ids']);
    expect((copy.category_id as [number, string])[1]).to.equal('Hardware');
    expect((copy.tag_ids as number[]).length).to.equal(1);
    await page.click('button:text-is("Delete")');
    await page.waitForSelector('[role=alertdialog]');
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    await page.click('[role=alertdialog] >> text=Cancel');
    expect(await tk.sudo().model('test.thing').search_count([['id', '=', copyId]])).to.equal(1);
    await page.click('button:text-is("Delete")');
    await page.click('[role=alertdialog] .btn-danger');
    await page.waitForFunction(() => location.hash.includes('view=list'));
    expect(await tk.sudo().model('test.thing').search_count([['id', '=', copyId]])).to.equal(0);
    expect(await tk.sudo().model('test.thing').search_count([['id', '=', id]])).to.equal(1);
  });

  it('shows the server\'s refusal and writes nothing', async () => {
    await open('#model=website&view=form&id=1');
    await page.fill('#field-base_url', 'https://example.com/some/path');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForSelector('.alert-danger');
    expect(await page.textContent('.alert-danger')).to.contain('is not a base URL');
    expect((await tk.sudo().model('website').read([1], ['base_url']))[0].base_url).to.equal(false);
    await page.click('text=Discard');
    expect(await page.inputValue('#field-base_url')).to.equal('');
  });

  it('uploads an image (a site\'s logo) and shows it', async () => {
    await open('#model=website&view=form&id=1');
    await page.setInputFiles('#field-logo', { name: 'logo.png', mimeType: 'image/png', buffer: png() });
    await page.waitForSelector('img.image-preview[src^="data:image/png"]');
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForSelector('.alert-success');
    const [site] = await tk.sudo().model('website').read([1], ['logo']);
    expect(Buffer.from(site.logo as string, 'base64').subarray(1, 4).toString()).to.equal('PNG');
    await page.waitForSelector('img.image-preview[src^="/web/image/website/1/logo"]');
    const loaded = await page.$eval('img.image-preview', (img) => (img as HTMLImageElement).naturalWidth);
    expect(loaded).to.equal(2);
  });

  it('ran without script errors', () => {
    expect(errors).to.deep.equal([]);
  });
});
