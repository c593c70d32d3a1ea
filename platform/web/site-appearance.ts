import type { SiteService } from '@platform/http/site-service';
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

interface Row {
  id: number;
  has_logo: number | boolean | string;
  footer_text: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  [social: string]: unknown;
}

const EMPTY: SiteAppearance = { hasLogo: false, footerText: {}, contact: {}, social: [] };

/**
 * Reads the site settings the layout needs (never the logo itself, only whether there is one: it is
 * served by `/web/image/website/<id>/logo`). Its columns are read with the site list and cached with
 * it by `SiteService` (one query for all sites, one cache), which the write signal empties when the
 * `website` table is written here or in another process: a settings change shows on the next page.
 */
export class SiteAppearances {
  private derived = new WeakMap<Record<string, unknown>, SiteAppearance>();

  constructor(private readonly sites: SiteService) {
    sites.readColumns((db) => [
      db.raw('CASE WHEN logo IS NULL OR logo = \'\' THEN 0 ELSE 1 END AS has_logo'),
      'footer_text', 'contact_email', 'contact_phone', 'contact_address',
      ...FOOTER_SOCIAL_NETWORKS.map((s) => `social_${s.network}`),
    ]);
  }

  async forSite(siteId: number): Promise<SiteAppearance> {
    const row = await this.sites.websiteRow(siteId);
    if (!row) return EMPTY;
    let appearance = this.derived.get(row);
    if (!appearance) this.derived.set(row, (appearance = appearanceOf(row as Row)));
    return appearance;
  }

  /** Drops what is cached (the site list with it). */
  invalidate(): void {
    this.sites.invalidate();
  }
}

function appearanceOf(r: Row): SiteAppearance {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    hasLogo: Number(r.has_logo) === 1,
    footerText: Object.fromEntries(Object.entries(parseTranslations(r.footer_text)).filter(([, v]) => text(v))),
    contact: { email: text(r.contact_email), phone: text(r.contact_phone), address: text(r.contact_address) },
    social: FOOTER_SOCIAL_NETWORKS.flatMap(({ network, label }) => {
      const url = text(r[`social_${network}`]);
      // Only web links: a stored `javascript:` URL must not become a link on every page.
      return url && /^https?:\/\//i.test(url) ? [{ network, label, url }] : [];
    }),
  };
}
