import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ConfigParameters } from '@platform/base';
import { DatabaseToken } from '@platform/core';
import { SiteService } from '@platform/http';
import type { Env } from '@platform/orm';
import { DEFAULT_BRAND_COLOR, formatSender, mailSettingsSchema, type MailSettingsValues, parseSender } from '../../common/mail-settings-schema';
import { checkValues } from './check-values';
import { requireMailAdmin } from './mail-access';

/** The parameter every module's system mails take their From from (order confirmations, registrations, ...). */
export const DEFAULT_FROM_PARAM = 'mail.default.from';

/** What a site's mailings are dressed in: its name, logo, colour and postal address. */
export interface SiteBranding {
  siteName: string;
  /** Absolute URL of the site's logo (the base URL is the caller's), or null when the site has none. */
  logoPath: string | null;
  color: string;
  postalAddress: string;
}

/**
 * The site's senders, as the Mail settings screen sets them: the newsletter's (per site) and the
 * system mails' (`mail.default.from`, which every module's system mails already use as their From:
 * order confirmations, event registrations, form notifications, slide shares), the postal address
 * mailings carry in their footer (the site's contact address) and the mailings' colour.
 */
@injectable()
export class MailSenders {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
    @inject(SiteService) private readonly sites: SiteService,
  ) {}

  /** The From of system mails: `"Name" <address>` as set in the settings, or null when unset. */
  systemFrom(env?: Env): Promise<string | null> {
    return this.params.get(DEFAULT_FROM_PARAM, env);
  }

  /** The From of a site's mailings: its newsletter sender, else the system sender, else null. */
  async newsletterFrom(env: Env, siteId: number): Promise<string | null> {
    const row = await env.db('mail_site_settings').where({ website_id: siteId }).first('newsletter_from_name', 'newsletter_from_email');
    if (row?.newsletter_from_email) return formatSender(String(row.newsletter_from_name ?? ''), String(row.newsletter_from_email));
    return this.systemFrom(env);
  }

  async branding(env: Env, siteId: number): Promise<SiteBranding> {
    // The site through base's model (its face), not its table.
    const [site] = await env.sudo().model('website').read([siteId], ['name', 'contact_address', 'logo']);
    const row = await env.db('mail_site_settings').where({ website_id: siteId }).first('brand_color');
    return {
      siteName: String(site?.name || ''),
      logoPath: site?.logo ? `/web/image/website/${siteId}/logo?size=image_medium` : null,
      color: String(row?.brand_color || DEFAULT_BRAND_COLOR),
      postalAddress: String(site?.contact_address || '').trim(),
    };
  }

  async load(env: Env, siteId: number): Promise<MailSettingsValues> {
    requireMailAdmin(env);
    const sudo = env.sudo();
    const row = await sudo.db('mail_site_settings').where({ website_id: siteId }).first();
    const system = parseSender((await this.systemFrom(sudo)) ?? '');
    const [site] = await sudo.model('website').read([siteId], ['contact_address']);
    return {
      newsletter_from_name: String(row?.newsletter_from_name ?? ''),
      newsletter_from_email: String(row?.newsletter_from_email ?? ''),
      system_from_name: system.name,
      system_from_email: system.email,
      postal_address: String(site?.contact_address || ''),
      brand_color: String(row?.brand_color || DEFAULT_BRAND_COLOR),
    };
  }

  /** Checks the values with the screen's schema, then writes all of them in one transaction, or nothing. */
  async save(env: Env, siteId: number, input: unknown): Promise<MailSettingsValues> {
    requireMailAdmin(env);
    const v = await checkValues(mailSettingsSchema, input) as MailSettingsValues;
    await env.sudo().transaction(async (tx) => {
      const settings = { newsletter_from_name: v.newsletter_from_name || null, newsletter_from_email: v.newsletter_from_email, brand_color: v.brand_color.toLowerCase() };
      await tx.db('mail_site_settings').insert({ website_id: siteId, ...settings }).onConflict('website_id').merge();
      await this.params.set(DEFAULT_FROM_PARAM, formatSender(v.system_from_name, v.system_from_email), tx);
      // The postal address is the site's contact address (shown in its footer too): one setting, two places.
      await tx.model('website').write([siteId], { contact_address: v.postal_address || false });
    });
    this.sites.invalidate();
    return this.load(env, siteId);
  }
}
