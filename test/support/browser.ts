import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Launches headless Chromium through playwright-core (no downloaded browsers: this machine is offline). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/** Collects uncaught page errors and console errors, so a tour fails on a broken script. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and returns the serious and critical violations (the tours require none).
 * axe is added with addScriptTag's content through the DevTools protocol, which CSP does not block.
 */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  // Colours are judged at rest: a pointer left over a button (the one just clicked, or one a re-layout
  // moved under it) starts a hover transition, and axe would read the blend of two colours mid-way.
  // The left edge half-way down: the page's margin, and not the top edge (leaving by the top opens the exit popup).
  await page.mouse.move(0, Math.floor((page.viewportSize()?.height ?? 600) / 2));
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]));
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** "id (impact): help @ selectors" lines, for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
}

export interface SignIn {
  login: string;
  password: string;
  /** Where to land after signing in (a path of the site, language prefix included); the site's choice when absent. */
  then?: string;
}

/**
 * Signs in through the login form, as a person would, and waits until the landing page is there:
 * `then` when given (through `?redirect=`), else wherever the site sends this user.
 */
export async function signIn(page: Page, baseUrl: string, who: SignIn): Promise<void> {
  const prefix = who.then ? (/^\/[a-z]{2}(?:_[A-Z]{2})?(?=\/)/.exec(who.then)?.[0] ?? '') : '';
  await page.goto(`${baseUrl}${prefix}/web/login${who.then ? `?redirect=${encodeURIComponent(who.then)}` : ''}`);
  await page.fill('input[name=login]', who.login);
  await page.fill('input[name=password]', who.password);
  const landed = who.then ? page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === who.then) : page.waitForNavigation();
  await Promise.all([landed, page.click('form button[type=submit]')]);
  await islandsSettled(page);
}

/**
 * Waits until every island of the page has settled (hydrated, or marked as missing or failed by the boot
 * script): a click on an island's server-rendered button before then would reach no handler. Bounded:
 * a page whose boot never runs is left as it is, for the test's own checks to judge.
 */
export async function islandsSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll<HTMLElement>('[data-island]')).every((el) => el.dataset.hydrated !== undefined),
    undefined,
    { timeout },
  ).catch(() => undefined);
}

/** Signs in to the back office (/web) and waits for its main area. */
export async function signInBackoffice(page: Page, baseUrl: string, who: SignIn): Promise<void> {
  await page.goto(`${baseUrl}/web`);
  await page.fill('input[name=login]', who.login);
  await page.fill('input[name=password]', who.password);
  await Promise.all([page.waitForURL(/\/web#/), page.click('form button[type=submit]')]);
  await page.waitForSelector('#backoffice-main');
}
