import { expect } from 'chai';
import { checkAccessibility, describeViolations, launchBrowser } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { rawRequest } from './support';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('a method the route does not take answers 405, not "Page not found"', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
  });
  after(async () => tk?.stop());

  it('a page route: a 405 page saying the method is not allowed, with Allow', async () => {
    const res = await rawRequest(tk.url, '/web/login', { method: 'DELETE' });
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.contain('GET');
    expect(res.headers.allow).to.contain('POST');
    expect(res.headers['content-type']).to.contain('text/html');
    expect(res.body).to.contain('Method not allowed').and.not.contain('Page not found');
  });

  it('is translated under /fr', async () => {
    const res = await rawRequest(tk.url, '/fr/web/login', { method: 'DELETE' });
    expect(res.status).to.equal(405);
    expect(res.body).to.contain('Méthode non autorisée');
  });

  it('a JSON route answers a JSON-RPC error', async () => {
    const res = await rawRequest(tk.url, '/web/session/get_session_info', { method: 'GET' });
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.equal('POST');
    const body = JSON.parse(res.body);
    expect(body.jsonrpc).to.equal('2.0');
    expect(body.error.code).to.equal(405);
    expect(body.error.data.message).to.contain('not allowed');
  });

  it('a JSON route opened in a browser (GET asking for HTML) answers the 405 page, with its title and language', async function () {
    // A real browser at two widths, with axe: longer than the suite's default on a busy machine.
    this.timeout(90_000);
    const res = await rawRequest(tk.url, '/website/translations', { headers: { Accept: BROWSER_ACCEPT } });
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.equal('POST');
    expect(res.headers['content-type']).to.contain('text/html');
    expect(res.body).to.match(/<html lang="en-US"/).and.match(/<title>[^<]*Method not allowed[^<]*<\/title>/);
    const fr = await rawRequest(tk.url, '/fr/website/translations', { headers: { Accept: BROWSER_ACCEPT } });
    expect(fr.body).to.match(/<html lang="fr-FR"/).and.contain('Méthode non autorisée');
    // What a person sees, checked by axe at a phone's and a desktop's width.
    const browser = await launchBrowser();
    try {
      for (const width of [375, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        const answer = await page.goto(`${tk.url}/website/translations`);
        expect(answer?.status()).to.equal(405);
        expect(await page.title()).to.contain('Method not allowed');
        expect(await page.getAttribute('html', 'lang')).to.equal('en-US');
        const violations = await checkAccessibility(page);
        expect(violations, describeViolations(violations)).to.deep.equal([]);
        await page.screenshot({ path: `${SHOTS}/405-json-route-${width}.png`, fullPage: true });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  it('OPTIONS lists the methods; unknown paths stay 404', async () => {
    const options = await rawRequest(tk.url, '/web/login', { method: 'OPTIONS' });
    expect(options.status).to.equal(200);
    expect(options.headers.allow).to.contain('POST');
    expect((await rawRequest(tk.url, '/no/such/page', { method: 'DELETE' })).status).to.equal(404);
  });
});
