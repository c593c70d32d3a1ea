import type { Env } from '@platform/orm';

/** URLs a module publishes in sitemap.xml (per site and language); declared by the website module. */
export interface SitemapContribution {
  sitemapUrls(env: Env): Promise<string[]>;
}
export const SitemapContribution = Symbol('SitemapContribution');
