import { inject, injectable, optional } from 'inversify';
import type { Knex } from 'knex';
import type { RequestContext } from '@platform/http/route-definition';
import { DatabaseToken } from '@platform/core/tokens';
import { configuredBaseUrl } from '@platform/http/site';
import { SiteCaches, type SiteCache } from '@platform/http/site-caches';
import { originOf } from '@platform/common/absolute-url';

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const RECORDED_BASE_URL = 'web.base.url';

/** What a site's configuration says about its public address. */
export interface SiteAddress {
  base_url?: string | null;
  domain?: string | null;
}

/**
 * Absolute links to the site itself (robots.txt, sitemap.xml, short URLs, share links, e-mails). The
 * Host header names whatever the client wants, and the first site answers any host, so it never ends
 * up in what the site publishes, stores or mails. In order: the site's configured address, the address
 * an administrator first used (`web.base.url`, recorded at their sign-in, as the original platform
 * does), the request's own address only when it is a loopback one (a developer's machine). Every URL
 * is parsed on the way (`originOf`), so no request data can make building one throw.
 */
@injectable()
export class SiteUrls {
  /** `web.base.url`, kept until ir_config_parameter is written (every payment and mail asks for it). */
  private readonly recordedCache?: SiteCache<string | null>;

  constructor(@inject(DatabaseToken) private readonly db: Knex, @inject(SiteCaches) @optional() caches?: SiteCaches) {
    this.recordedCache = caches?.create<string | null>(1, ['ir_config_parameter']);
  }

  /** The site's configured base URL, else `fallback`. */
  async baseUrl(siteId: number, fallback: string): Promise<string> {
    return (await this.configured(siteId)) ?? fallback.replace(/\/+$/, '');
  }

  /**
   * For links in e-mails a request sends (password reset, comment notifications). Null: no address
   * to trust, the caller sends nothing (a reset link on a stranger's host would hand the token to it).
   */
  async forMail(req: RequestContext): Promise<string | null> {
    // The request's site carries its configured address (read with the sites, dropped when a site is written).
    const configured = req.site.baseUrl !== undefined ? req.site.baseUrl : await this.configured(req.site.id);
    return configured ?? (await this.recorded()) ?? this.loopbackOrigin(req);
  }

  /**
   * For what a response publishes (robots.txt, sitemap, share links) or a row stores (short URLs): as
   * forMail, else '' so that links stay relative to wherever the reader is (the browser completes them).
   */
  async forRequest(req: RequestContext): Promise<string> {
    return (await this.forMail(req)) ?? '';
  }

  /**
   * Called when an administrator signs in: the first address one used becomes `web.base.url` for sites
   * without a configured one. An administrator's request is trusted to name the site; a visitor's never.
   */
  async recordAdministratorAddress(req: RequestContext): Promise<void> {
    const origin = originOf(req.koa.protocol, req.koa.host);
    if (!origin) return;
    await this.db('ir_config_parameter').insert({ key: RECORDED_BASE_URL, value: origin }).onConflict('key').ignore();
  }

  private async configured(siteId: number): Promise<string | null> {
    const row: SiteAddress | undefined = await this.db('website').where({ id: siteId }).first('base_url', 'domain');
    return (row && configuredBaseUrl(row)) ?? null;
  }

  private recorded(): Promise<string | null> {
    return this.recordedCache ? this.recordedCache.get('', () => this.readRecorded()) : this.readRecorded();
  }

  private async readRecorded(): Promise<string | null> {
    const param = await this.db('ir_config_parameter').where({ key: RECORDED_BASE_URL }).first('value');
    return param?.value ? String(param.value).replace(/\/+$/, '') : null;
  }

  private loopbackOrigin(req: RequestContext): string | null {
    const origin = originOf(req.koa.protocol, req.koa.host);
    return origin && LOOPBACK_HOST.test(new URL(origin).hostname) ? origin : null;
  }
}
