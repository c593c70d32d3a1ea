import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

describe('event: smoke', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  before(async () => { tk = await bootTestKernel({ modules: ['event'], http: true, demo: true }); });
  after(async () => tk?.stop());
  it('serves the pages', async () => {
    for (const p of ['/event', '/event?date=old', '/event/get_country_event_list', '/event/conference-on-business-apps-1', '/event/conference-on-business-apps-1/track', '/event/conference-on-business-apps-1/agenda', '/event/conference-on-business-apps-1/track_proposal', '/event/conference-on-business-apps-1/ics']) {
      const res = await fetch(`${tk.url}${p}`);
      const text = await res.text();
      console.log(p, res.status, text.length, res.status !== 200 ? text.slice(0, 3000) : '');
    }
  });
});
