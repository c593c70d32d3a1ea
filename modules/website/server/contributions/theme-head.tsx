import { inject, injectable } from 'inversify';
import type { ReactElement } from 'react';
import type { RequestContext } from '@platform/http';
import type { LayoutHeadContribution } from '@platform/web';
import { hexToRgb, THEME_FONTS } from '../../common/theme';
import { SiteTheme } from '../services/site-theme';

/** `#0b5cad` darkened by `amount` (0..1), for the hover and pressed states of primary buttons. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - amount)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The site's theme on every public page: Bootstrap's primary colour variables (and those of the
 * components that copy it at build time: buttons, links), the body font, and the favicon. Values are
 * checked when saved and again when read (a colour, a known font key), so nothing else reaches the <style>.
 */
@injectable()
export class ThemeHead implements LayoutHeadContribution {
  constructor(@inject(SiteTheme) private readonly theme: SiteTheme) {}

  async renderHead(req: RequestContext): Promise<ReactElement | null> {
    const t = await this.theme.forSite(req.site.id);
    const rules: string[] = [];
    if (t.primaryColor) {
      const c = t.primaryColor;
      const dark = shade(c, 0.15);
      const darker = shade(c, 0.25);
      rules.push(`:root,[data-bs-theme=light]{--bs-primary:${c};--bs-primary-rgb:${hexToRgb(c)};--bs-link-color:${c};--bs-link-color-rgb:${hexToRgb(c)};--bs-link-hover-color:${dark};--bs-link-hover-color-rgb:${hexToRgb(dark)}}`);
      rules.push(`.btn-primary{--bs-btn-bg:${c};--bs-btn-border-color:${c};--bs-btn-hover-bg:${dark};--bs-btn-hover-border-color:${dark};--bs-btn-active-bg:${darker};--bs-btn-active-border-color:${darker};--bs-btn-disabled-bg:${c};--bs-btn-disabled-border-color:${c}}`);
      rules.push(`.btn-outline-primary{--bs-btn-color:${c};--bs-btn-border-color:${c};--bs-btn-hover-bg:${c};--bs-btn-hover-border-color:${c};--bs-btn-active-bg:${c};--bs-btn-active-border-color:${c}}`);
    }
    if (t.font && t.font !== 'system') rules.push(`:root{--bs-body-font-family:${THEME_FONTS[t.font].stack}}`);
    if (!rules.length && !t.hasFavicon) return null;
    return (
      <>
        {rules.length ? <style id="site-theme" dangerouslySetInnerHTML={{ __html: rules.join('') }} /> : null}
        {t.hasFavicon ? <link rel="icon" href={`/web/image/website/${req.site.id}/theme_favicon?size=image_small`} /> : null}
      </>
    );
  }
}
