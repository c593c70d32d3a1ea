import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SmtpSink } from '@modules/mass_mailing/test/support';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';
import sharp from 'sharp';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

describe('tour: accounts (password reset by e-mail, account pages on a phone, in English and French)', function () {
  this.timeout(90000);
  let sink: SmtpSink;
  let tk: TestKernel;
  let browser: Browser;
  let errors: string[] = [];

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['portal', 'mail'], http: true, config: { smtpUrl: sink.url } });
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Reset Tourist', login: 'reset.tourist@example.com', password: 'forgotten-password' });
    await accounts.create({ name: 'Camille Durand-Lefebvre', login: 'camille.durand-lefebvre@example.com', password: 'password-123' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
    await sink?.stop();
  });

  async function newPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    errors = watchErrors(page);
    return { context, page };
  }

  async function expectAccessible(page: Page): Promise<void> {
    const violations = await checkAccessibility(page);
    expect(violations, `${page.url()}\n${describeViolations(violations)}`).to.deep.equal([]);
  }

  async function waitForMail(to: string) {
    for (let i = 0; i < 100; i++) {
      const mail = sink.received.find((m) => m.to === to);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail reached the SMTP server for ${to}`);
  }

  it('a user who forgot their password gets a link by e-mail, chooses a new one and signs in with it', async () => {
    const { context, page } = await newPage(1280);
    await page.goto(`${tk.url}/web/login`);
    await Promise.all([page.waitForURL(/\/web\/reset_password$/), page.click('text=Forgot password?')]);
    await expectAccessible(page);
    await page.fill('input[name=login]', 'reset.tourist@example.com');
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
    expect(await page.textContent('.alert-success')).to.contain('If an account matches what you typed');

    const mail = await waitForMail('reset.tourist@example.com');
    expect(mail.parsed!.subject).to.equal('Reset your password on My Website');
    const link = /href="([^"]+)"/.exec(String(mail.parsed!.html))![1].replace(/&amp;/g, '&');
    expect(link.startsWith(`${tk.url}/web/reset_password?token=`), link).to.equal(true);

    await page.goto(link);
    await expectAccessible(page);
    await page.fill('input[name=password]', 'short');
    await page.fill('input[name=confirm_password]', 'short');
    // The browser's own check stops a too short password; the server's message is for a mismatch.
    await page.fill('input[name=password]', 'remembered-password');
    await page.fill('input[name=confirm_password]', 'remembered-passwort');
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
    expect(await page.textContent('#confirm_password-error')).to.contain('Passwords do not match');
    expect(await page.getAttribute('#confirm_password', 'class')).to.contain('is-invalid');
    await expectAccessible(page);
    await page.fill('input[name=password]', 'remembered-password');
    await page.fill('input[name=confirm_password]', 'remembered-password');
    await Promise.all([page.waitForURL(/\/web\/login\?password_reset=1$/), page.click('button[type=submit]')]);
    expect(await page.textContent('.alert-success')).to.contain('Your password has been changed');

    await page.fill('input[name=login]', 'reset.tourist@example.com');
    await page.fill('input[name=password]', 'remembered-password');
    await Promise.all([page.waitForURL(`${tk.url}/`), page.click('button[type=submit]')]);
    expect(await page.textContent('header')).to.contain('Reset Tourist');

    // The link was for one use.
    await page.goto(link);
    expect(await page.textContent('.alert-danger')).to.contain('This reset link is not valid any more');
    // The refused form and the used link answer 400, which the console reports; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 400'))).to.deep.equal([]);
    expect(errors).to.have.length(2);
    await context.close();
  });

  for (const prefix of ['', '/fr']) {
    it(`${prefix || 'English'}: sign-in, sign-up and reset pages fit a 375 px phone and have no serious accessibility violation`, async () => {
      const { context, page } = await newPage(375);
      for (const path of ['/web/login', '/web/signup', '/web/reset_password']) {
        await page.goto(`${tk.url}${prefix}${path}`);
        if (prefix) expect(await page.getAttribute('html', 'lang'), path).to.equal('fr-FR');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).to.be.at.most(375);
        await expectAccessible(page);
      }
      if (prefix) {
        await page.goto(`${tk.url}/fr/web/login`);
        expect(await page.title()).to.equal('Se connecter | My Website');
        expect(await page.textContent('main')).to.contain('Mot de passe oublié ?');
      }
      await context.close();
    });

    it(`${prefix || 'English'}: /my/account fits a 375 px phone (no horizontal overflow) and is accessible`, async () => {
      const { context, page } = await newPage(375);
      await page.goto(`${tk.url}${prefix}/web/login?redirect=${encodeURIComponent(`${prefix}/my/account`)}`);
      await page.fill('input[name=login]', 'camille.durand-lefebvre@example.com');
      await page.fill('input[name=password]', 'password-123');
      await Promise.all([page.waitForURL(/\/my\/account$/), page.click('button[type=submit]')]);
      await page.waitForSelector('[data-island="portal.address_selects"][data-hydrated="true"]');
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      expect(widths.document).to.be.at.most(375);
      expect(widths.body).to.be.at.most(375);
      await expectAccessible(page);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  it('an administrator changes the site settings and uploads a logo, on a phone, in French too', async () => {
    const { context, page } = await newPage(375);
    await page.goto(`${tk.url}/web/login?redirect=%2Fwebsite%2Fsettings`);
    await page.fill('input[name=login]', 'admin');
    await page.fill('input[name=password]', ADMIN_PASSWORD);
    await Promise.all([page.waitForURL(/\/website\/settings$/), page.click('button[type=submit]')]);
    await page.waitForSelector('[data-island="base.logo_upload"][data-hydrated="true"]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    await expectAccessible(page);

    // A wrong base URL: the field says why, nothing is saved.
    await page.fill('#settings-name', 'Tour Bakery');
    await page.fill('#settings-base_url', 'https://www.bakery.example/shop');
    await Promise.all([page.waitForLoadState('load'), page.click('button:text("Save the settings")')]);
    expect(await page.getAttribute('#settings-base_url', 'class')).to.contain('is-invalid');
    expect(await page.textContent('#settings-base_url-error')).to.contain('Write the scheme and host only');
    await expectAccessible(page);
    expect((await tk.sudo().db('website').where({ id: 1 }).first('name')).name).to.equal('My Website');

    await page.fill('#settings-base_url', 'https://www.bakery.example');
    await page.fill('#settings-footer_text_fr_FR', 'Du pain frais depuis 1920.');
    await Promise.all([page.waitForLoadState('load'), page.click('button:text("Save the settings")')]);
    expect(await page.textContent('.alert-success')).to.contain('The settings have been saved.');
    expect(await page.textContent('header')).to.contain('Tour Bakery');

    const logo = await sharp({ create: { width: 160, height: 48, channels: 3, background: '#a0522d' } }).png().toBuffer();
    await page.waitForSelector('[data-island="base.logo_upload"][data-hydrated="true"]');
    await page.setInputFiles('#settings-logo', { name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.waitForSelector('.logo-upload .alert-success');
    // The new logo is shown from /web/image: its width is known once the browser has loaded it.
    await page.waitForFunction(() => (document.querySelector('.logo-upload img') as HTMLImageElement | null)?.complete === true);
    expect(await page.evaluate(() => (document.querySelector('.logo-upload img') as HTMLImageElement | null)?.naturalWidth ?? 0)).to.equal(160);
    await page.setInputFiles('#settings-logo', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    expect(await page.textContent('#settings-logo-error')).to.contain('PNG, JPEG, WebP or GIF');
    await expectAccessible(page);

    await page.goto(`${tk.url}/fr/website/settings`);
    expect(await page.title()).to.equal('Paramètres du site | Tour Bakery');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    await expectAccessible(page);
    expect(errors.filter((e) => !e.includes('status of 400'))).to.deep.equal([]);
    await tk.sudo().model('website').write([1], { name: 'My Website', base_url: false, logo: false });
    await context.close();
  });
});
