import { inject, injectable } from 'inversify';
import { injectContributions, type ContributionProvider } from '@platform/core';
import { SiteCaches, type SiteCache } from '@platform/http';
import type { Env } from '@platform/orm';
import { ACQUIRER_MODEL, DEFAULT_MESSAGES } from '../models/payment-acquirer';
import { CURRENCY_MODEL } from '../models/res-currency';
import { PaymentProvider, type AcquirerInfo } from './payment-provider';
import { text } from './record-values';

export interface CurrencyInfo {
  id: number;
  name: string;
  symbol: string;
  decimals: number;
}

const ACQUIRER_FIELDS = ['name', 'provider', 'environment', 'pre_msg', 'post_msg', 'pending_msg', 'done_msg', 'cancel_msg', 'error_msg', 'save_token', 'capture_manually', 'website_id', 'website_published'];

/**
 * The installed providers, the acquirers offered on a site, and currencies. Acquirers and currencies
 * are read once, then kept until the next write signal (an acquirer or currency changed anywhere, or
 * any other write a page may show): every step of a checkout needs them.
 */
@injectable()
export class PaymentCatalog {
  private readonly acquirerRows: SiteCache<Array<Record<string, unknown>>>;
  private readonly currencies: SiteCache<CurrencyInfo | null>;

  constructor(
    @injectContributions(PaymentProvider) private readonly providers: ContributionProvider<PaymentProvider>,
    @inject(SiteCaches) caches: SiteCaches,
  ) {
    this.acquirerRows = caches.create(200, ['payment_acquirer']);
    this.currencies = caches.create(200, ['res_currency']);
  }

  provider(code: string): PaymentProvider | undefined {
    return this.providers.getContributions().find((p) => p.code === code);
  }

  providerCodes(): string[] {
    return this.providers.getContributions().map((p) => p.code);
  }

  /** The published acquirers of a site (or of every site) whose provider is installed, in their order. */
  async offered(env: Env, siteId: number | null): Promise<AcquirerInfo[]> {
    const rows = await this.acquirerRows.get(`offered|${siteId ?? 0}`, () => env.sudo().model(ACQUIRER_MODEL).search_read(
      [['website_published', '=', true], '|', ['website_id', '=', false], ['website_id', '=', siteId ?? 0]], ACQUIRER_FIELDS, { limit: 50 }));
    return rows.map((r) => this.acquirerInfo(r)).filter((a) => this.provider(a.provider));
  }

  /** An acquirer offered on the site, or null (unpublished, another site's, unknown provider). */
  async offeredAcquirer(env: Env, siteId: number | null, id: number): Promise<AcquirerInfo | null> {
    return (await this.offered(env, siteId)).find((a) => a.id === id) ?? null;
  }

  async acquirer(env: Env, id: number): Promise<AcquirerInfo | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const [row] = await this.acquirerRows.get(`id|${id}`, () => env.sudo().model(ACQUIRER_MODEL).read([id], ACQUIRER_FIELDS).catch(() => []));
    return row ? this.acquirerInfo(row) : null;
  }

  async currency(env: Env, id: number): Promise<CurrencyInfo | null> {
    return this.currencies.get(`id|${id}`, () => this.readCurrency(env, id));
  }

  async currencyByCode(env: Env, code: string): Promise<CurrencyInfo | null> {
    return this.currencies.get(`code|${code.toUpperCase()}`, () => this.readCurrencyByCode(env, code));
  }

  private async readCurrency(env: Env, id: number): Promise<CurrencyInfo | null> {
    const [row] = await env.sudo().model(CURRENCY_MODEL).search_read([['id', '=', id], ['active', '=', true]], ['name', 'symbol', 'decimal_places'], { limit: 1 });
    return row ? { id: Number(row.id), name: text(row, 'name'), symbol: text(row, 'symbol'), decimals: Number(row.decimal_places) } : null;
  }

  private async readCurrencyByCode(env: Env, code: string): Promise<CurrencyInfo | null> {
    const [row] = await env.sudo().model(CURRENCY_MODEL).search_read([['name', '=', code.toUpperCase()], ['active', '=', true]], ['name', 'symbol', 'decimal_places'], { limit: 1 });
    return row ? { id: Number(row.id), name: text(row, 'name'), symbol: text(row, 'symbol'), decimals: Number(row.decimal_places) } : null;
  }

  private acquirerInfo(r: Record<string, unknown>): AcquirerInfo {
    const msg = (f: keyof typeof DEFAULT_MESSAGES) => text(r, f) || DEFAULT_MESSAGES[f];
    return {
      id: Number(r.id), name: text(r, 'name'), provider: text(r, 'provider'),
      environment: r.environment === 'prod' ? 'prod' : 'test',
      preMsg: text(r, 'pre_msg'), postMsg: text(r, 'post_msg'),
      pendingMsg: msg('pending_msg'), doneMsg: msg('done_msg'), cancelMsg: msg('cancel_msg'), errorMsg: msg('error_msg'),
      saveToken: r.save_token === 'ask' || r.save_token === 'always' ? r.save_token : 'none',
      captureManually: r.capture_manually === true,
    };
  }
}


