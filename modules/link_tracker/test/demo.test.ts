import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

describe('link_tracker: demo data', () => {
  let tk: TestKernel;
  before(async function () {
    this.timeout(60_000);
    tk = await bootTestKernel({ modules: ['link_tracker'], http: true, demo: true });
  });
  after(async () => tk?.stop());

  it('campaigns, media, sources and links with a few hundred clicks over 30 days from several countries', async () => {
    const sudo = tk.sudo();
    for (const model of ['utm.campaign', 'utm.medium', 'utm.source']) expect(await sudo.model(model).search_count([]), model).to.be.at.least(3);
    const links = await sudo.model('link.tracker').search_read([], ['code', 'count', 'unique_count', 'campaign_id']);
    expect(links.length).to.be.at.least(3);
    const clicks = await sudo.model('link.tracker.click').search_count([]);
    expect(clicks).to.be.within(200, 1000);
    // The counters agree with the click rows.
    expect(links.reduce((n, l) => n + Number(l.count), 0)).to.equal(clicks);
    const countries = await sudo.model('link.tracker.click').read_group([], ['country_id'], ['country_id']);
    expect(countries.filter((g) => g.country_id).length).to.be.at.least(5);
    const days = await sudo.model('link.tracker.click').read_group([], ['create_date'], ['create_date:day']);
    expect(days.length).to.be.at.least(15);
    const oldest = await sudo.model('link.tracker.click').search_read([], ['create_date'], { order: 'create_date asc', limit: 1 });
    expect(Date.parse(`${String(oldest[0].create_date).replace(' ', 'T')}Z`)).to.be.greaterThan(Date.now() - 31 * 86_400_000);
  });

  it('the demo links redirect', async () => {
    const res = await fetch(`${tk.url}/r/shop`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 Firefox/120.0' } });
    expect(res.status).to.equal(301);
    expect(res.headers.get('location')).to.equal('https://www.example.com/shop?utm_campaign=Spring%20sale&utm_medium=Email&utm_source=Newsletter');
  });
});
