/** A website as the request pipeline sees it (from the `website` model). */
export interface Site {
  id: number;
  name: string;
  domain: string | null;
  defaultLang: string;
  langs: string[];
  /** Modules enabled for this site (with their dependencies and base). */
  modules: ReadonlySet<string>;
  /** The anonymous visitor's user on this site. */
  publicUserId: number;
  /** The site's public address as configured (`base_url`, else `http://<domain>`), null when neither is set. */
  baseUrl?: string | null;
}

/**
 * The URL a site is reached at from outside, as configured: its `base_url`, else `http://<domain>`
 * (set `base_url` for https), else null for a site with neither (the default localhost site).
 */
export function configuredBaseUrl(site: { base_url?: string | null; domain?: string | null }): string | null {
  if (site.base_url) return site.base_url.replace(/\/+$/, '');
  if (site.domain) return `http://${site.domain}`;
  return null;
}
