import type { Knex } from 'knex';
import { parseTranslations } from '@platform/orm/record-reader';

/**
 * The social networks a footer links to, in the order shown. The same list as base's
 * `SOCIAL_NETWORKS` (the `social_<network>` fields of `website`), which web cannot import (base sits
 * above it); a test keeps the two equal.
 */
export const FOOTER_SOCIAL_NETWORKS = [
  { network: 'facebook', label: 'Facebook' },
  { network: 'twitter', label: 'X (Twitter)' },
  { network: 'linkedin', label: 'LinkedIn' },
  { network: 'instagram', label: 'Instagram' },
  { network: 'youtube', label: 'YouTube' },
  { network: 'github', label: 'GitHub' },
] as const;

/** What the layout shows of a site besides its name: logo, footer columns. Empty values are absent. */
export interface SiteAppearance {
  hasLogo: boolean;
  /** The footer's about text per language (`{"en_US": ..., "fr_FR": ...}`). */
  footerText: Record<string, string>;
  contact: { email?: string; phone?: string; address?: string };
  social: Array<{ network: string; label: string; url: string }>;
}

/** Sites change rarely; like the site list, kept a short while so a busy page does not ask every time. */
const TTL_MS = 2000;
const WEBSITE_WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+[`"]?website[`"]?\s/i;

interface Row {
  id: number;
  has_logo: number | boolean | string;
  footer_text: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  [social: string]: unknown;
}

/**
 * Reads the site settings the layout needs (never the logo itself, only whether there is one: it is
 * served by `/web/image/website/<id>/logo`). One query for all sites, cached for 2 seconds and dropped
 * at once when this process writes the `website` table, so a settings change shows on the next page.
 */
export class SiteAppearances {
  private cache?: { at: number; sites: Map<number, SiteAppearance> };
  private loading?: Promise<Map<number, SiteAppearance>>;
  private generation = 0;

  constructor(private readonly db: Knex) {
    db.on('query', (q: { sql?: string }) => {
      if (q.sql && WEBSITE_WRITE.test(q.sql)) this.invalidate();
    });
  }

  async forSite(siteId: number): Promise<SiteAppearance> {
    const sites = this.cache && Date.now() - this.cache.at < TTL_MS ? this.cache.sites : await this.reload();
    return sites.get(siteId) ?? { hasLogo: false, footerText: {}, contact: {}, social: [] };
  }

  invalidate(): void {
    this.cache = undefined;
    this.loading = undefined;
    this.generation++;
  }

  private reload(): Promise<Map<number, SiteAppearance>> {
    if (!this.loading) {
      const generation = this.generation;
      const loading = this.load().then((sites) => {
        if (generation === this.generation) this.cache = { at: Date.now(), sites };
        return sites;
      }).finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async load(): Promise<Map<number, SiteAppearance>> {
    const rows: Row[] = await this.db('website').select(
      'id', this.db.raw('CASE WHEN logo IS NULL OR logo = \'\' THEN 0 ELSE 1 END AS has_logo'),
      'footer_text', 'contact_email', 'contact_phone', 'contact_address',
      ...FOOTER_SOCIAL_NETWORKS.map((s) => `social_${s.network}`),
    );
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    return new Map(rows.map((r) => [Number(r.id), {
      hasLogo: Number(r.has_logo) === 1,
      footerText: Object.fromEntries(Object.entries(parseTranslations(r.footer_text)).filter(([, v]) => text(v))),
      contact: { email: text(r.contact_email), phone: text(r.contact_phone), address: text(r.contact_address) },
      social: FOOTER_SOCIAL_NETWORKS.flatMap(({ network, label }) => {
        const url = text(r[`social_${network}`]);
        // Only web links: a stored `javascript:` URL must not become a link on every page.
        return url && /^https?:\/\//i.test(url) ? [{ network, label, url }] : [];
      }),
    }]));
  }
}
