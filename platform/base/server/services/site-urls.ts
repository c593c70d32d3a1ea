import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { RequestContext } from '@platform/http/route-definition';
import { DatabaseToken } from '@platform/core/tokens';
import { configuredBaseUrl } from '@platform/http/site';


const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/** What a site's configuration says about its public address. */
export interface SiteAddress {
  base_url?: string | null;
  domain?: string | null;
}

/**
 * Absolute links to the site itself (robots.txt, sitemap.xml, short URLs, share links, e-mails). The
 * Host header names whatever the client wants, and the first site answers any host, so it must not end
 * up in what the site publishes or stores: only a site without base URL nor domain falls back to it.
 */
@injectable()
export class SiteUrls {
  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  /** The site's configured base URL, else `fallback`. */
  async baseUrl(siteId: number, fallback: string): Promise<string> {
    const row: SiteAddress | undefined = await this.db('website').where({ id: siteId }).first('base_url', 'domain');
    return (row && configuredBaseUrl(row)) ?? fallback.replace(/\/+$/, '');
  }

  /**
   * For links in e-mails a request sends (password reset, comment notifications): the site's base URL,
   * else the `web.base.url` parameter (recorded by an administrator's action), else the request's address
   * only when it is a loopback one (a developer's machine). Never a stranger's Host header: a reset
   * link on it would hand the token to that host. Null: no address to trust, the caller sends nothing.
   */
  async forMail(req: RequestContext): Promise<string | null> {
    const row: SiteAddress | undefined = await this.db('website').where({ id: req.site.id }).first('base_url', 'domain');
    const configured = row && configuredBaseUrl(row);
    if (configured) return configured;
    const param = await this.db('ir_config_parameter').where({ key: 'web.base.url' }).first('value');
    if (param?.value) return String(param.value).replace(/\/+$/, '');
    return LOOPBACK_HOST.test(req.koa.hostname) ? `${req.koa.protocol}://${req.koa.host}` : null;
  }

  /** For a response: the site's base URL, else the address this request reached it with. */
  forRequest(req: RequestContext): Promise<string> {
    return this.baseUrl(req.site.id, `${req.koa.protocol}://${req.koa.host}`);
  }
}
