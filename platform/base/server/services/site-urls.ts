import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { RequestContext } from '@platform/http/route-definition';
import { DatabaseToken } from '@platform/core/tokens';

/** What a site's configuration says about its public address. */
export interface SiteAddress {
  base_url?: string | null;
  domain?: string | null;
}

/**
 * The URL a site is reached at from outside, as configured: its `base_url`, else `http://<domain>`
 * (set `base_url` for https), else null for a site with neither (the default localhost site).
 */
export function configuredBaseUrl(site: SiteAddress): string | null {
  if (site.base_url) return site.base_url.replace(/\/+$/, '');
  if (site.domain) return `http://${site.domain}`;
  return null;
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

  /** For a response: the site's base URL, else the address this request reached it with. */
  forRequest(req: RequestContext): Promise<string> {
    return this.baseUrl(req.site.id, `${req.koa.protocol}://${req.koa.host}`);
  }
}
