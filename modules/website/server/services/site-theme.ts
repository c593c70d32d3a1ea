import { inject, injectable } from 'inversify';
import { ValidationError as YupValidationError } from 'yup';
import { checkRasterImage, ImageRejected } from '@platform/base';
import { AccessError, ValidationError } from '@platform/core';
import { SiteService } from '@platform/http';
import type { Env } from '@platform/orm';
import { DEFAULT_PRIMARY, FAVICON_MAX_BYTES, HEX_COLOR, THEME_FONTS, themeSchema, type ThemeValues } from '../../common/theme';

const FAVICON_MAX_SIDE = 1024;

export interface SiteThemeView {
  primaryColor: string | null;
  font: string | null;
  hasFavicon: boolean;
}

/**
 * A site's theme settings (primary colour, font, favicon). Read for every page with the site list
 * (SiteService's one query and cache, emptied by the write signal on any change to `website`, in
 * this process or another); written by designers through the editor's Theme dialog.
 */
@injectable()
export class SiteTheme {
  private readonly derived = new WeakMap<Record<string, unknown>, SiteThemeView>();

  constructor(@inject(SiteService) private readonly sites: SiteService) {
    sites.readColumns((db) => ['theme_primary_color', 'theme_font', db.raw('CASE WHEN theme_favicon IS NULL OR theme_favicon = \'\' THEN 0 ELSE 1 END AS has_theme_favicon')]);
  }

  async forSite(siteId: number): Promise<SiteThemeView> {
    const row = await this.sites.websiteRow(siteId);
    if (!row) return { primaryColor: null, font: null, hasFavicon: false };
    let view = this.derived.get(row);
    if (!view) {
      const color = typeof row.theme_primary_color === 'string' && HEX_COLOR.test(row.theme_primary_color) ? row.theme_primary_color.toLowerCase() : null;
      const font = typeof row.theme_font === 'string' && Object.hasOwn(THEME_FONTS, row.theme_font) ? row.theme_font : null;
      view = { primaryColor: color, font, hasFavicon: Number(row.has_theme_favicon) === 1 };
      this.derived.set(row, view);
    }
    return view;
  }

  /** The form's values now (defaults where nothing is set). */
  async values(siteId: number): Promise<ThemeValues & { hasFavicon: boolean }> {
    const t = await this.forSite(siteId);
    return { primary_color: t.primaryColor ?? DEFAULT_PRIMARY, font: t.font ?? 'system', hasFavicon: t.hasFavicon };
  }

  /**
   * Saves the theme of a site: designers only, values checked by the form's schema, the favicon
   * (base64; '' removes it, absent keeps it) checked from its bytes and re-encoded by sharp. On any
   * error nothing is written.
   */
  async save(env: Env, siteId: number, input: { primary_color: string; font: string; favicon?: string }): Promise<void> {
    if (!env.hasGroup('website.group_website_designer')) throw new AccessError('Only website designers can change the theme.');
    let values: ThemeValues;
    try {
      values = await themeSchema.validate(input, { stripUnknown: true });
    } catch (err) {
      if (err instanceof YupValidationError) throw new ValidationError(err.message);
      throw err;
    }
    const vals: Record<string, unknown> = { theme_primary_color: values.primary_color.toLowerCase(), theme_font: values.font };
    if (input.favicon === '') vals.theme_favicon = false;
    else if (input.favicon !== undefined) vals.theme_favicon = await this.checkedFavicon(input.favicon);
    // The designer may not write `website` itself (base's rights): their group was checked above.
    await env.sudo().model('website').write([siteId], vals);
  }

  private async checkedFavicon(base64: string): Promise<string> {
    const data = /^data:[^,]{1,100},/.test(base64) ? base64.slice(base64.indexOf(',') + 1) : base64;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) throw new ValidationError('The favicon could not be read: send an image file.');
    try {
      const { bytes } = await checkRasterImage(Buffer.from(data, 'base64'), { maxBytes: FAVICON_MAX_BYTES, maxPixels: FAVICON_MAX_SIDE * FAVICON_MAX_SIDE, maxSide: FAVICON_MAX_SIDE });
      return bytes.toString('base64');
    } catch (err) {
      if (!(err instanceof ImageRejected)) throw err;
      throw new ValidationError(err.reason === 'too-heavy' ? 'The favicon is too large: at most 256 KB.'
        : err.reason === 'too-wide' || err.reason === 'too-many-pixels' ? 'The favicon is too large: at most 1024 pixels a side.'
          : 'The favicon must be a PNG, JPEG, WebP or GIF image.');
    }
  }
}
