import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { launchBrowser, watchErrors } from '../../../test/support/browser';
import { onlineOperator } from './livechat-support';

/** Under /fr the chat button, the composer, the welcome message and the lines' dates are French when the channel keeps the default texts. */
describe('livechat: the visitor chat in French', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    await onlineOperator(tk);
    const deadline = Date.now() + 10_000;
    while (!(await new RpcClient(tk.url).call<{ available_for_me: boolean }>('/im_livechat/init', { channel_id: 1 })).available_for_me) {
      if (Date.now() > deadline) throw new Error('operator never came online');
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('translates the default button text, placeholder and welcome message; a channel\'s own text stays as written', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/fr/im_livechat/support/1`);
    await page.locator('.o_livechat_button:has-text("Discutez avec l\'un de nos collaborateurs")').waitFor();
    await page.click('.o_livechat_button');
    await page.locator('.o_thread_message:has-text("Comment puis-je vous aider ?")').waitFor();
    expect(await page.getAttribute('.o_composer_text_field', 'placeholder')).to.equal('Posez votre question ...');
    // A line just written is dated "à l'instant", not "now".
    await page.fill('.o_composer_text_field', 'Bonjour');
    await page.press('.o_composer_text_field', 'Enter');
    const line = page.locator('.o_thread_message:has-text("Bonjour")');
    await line.waitFor();
    expect(await page.locator('.o_thread_message .o_thread_date').allTextContents()).to.include("à l'instant").and.not.include('now');
    expect(errors).to.deep.equal([]);
    await page.close();

    await tk.sudo().model('im_livechat.channel').write([1], { button_text: 'Talk to Anna' });
    const custom = await browser.newPage();
    await custom.goto(`${tk.url}/fr/im_livechat/support/1`);
    await custom.locator('.o_livechat_button:has-text("Talk to Anna")').waitFor();
    await custom.close();
  });
});
