import fs from 'node:fs';
import { expect } from 'chai';
import { BackofficeViewContribution } from '@platform/web';
import { bootTestKernel, type TestKernel } from '../support/harness';

// A view's file is named by a path the menu builds from its own folder: a moved menu file that kept
// its old relative path only showed as a 500 on /web when the back office was bundled.
describe('architecture: back-office views', function () {
  this.timeout(60_000);
  let tk: TestKernel | undefined;
  after(async () => tk?.stop());

  it('every view a module contributes names a file that exists', async () => {
    tk = await bootTestKernel({ modules: ['link_tracker', 'livechat', 'mass_mailing', 'forum', 'website'] });
    const views = tk.kernel.container.getAll<BackofficeViewContribution>(BackofficeViewContribution).flatMap((c) => c.backofficeViews());
    expect(views.length).to.be.greaterThan(3);
    expect(views.filter((v) => !fs.existsSync(v.file)).map((v) => v.file)).to.deep.equal([]);
  });
});
