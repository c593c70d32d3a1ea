import { ValidationError } from '@platform/core';
import { extendModel, fields } from '@platform/orm';
import { HEX_COLOR, THEME_FONTS } from '../../common/theme';

/**
 * A site's theme settings, declared on base's `website` by this module (its migration adds the
 * columns): the primary colour and font the public pages use, and the favicon.
 */
export const WebsiteTheme = extendModel('website', {
  theme_primary_color: fields.char({ size: 7, string: 'Primary colour' }),
  theme_font: fields.char({ size: 32, string: 'Font' }),
  theme_favicon: fields.image({ string: 'Favicon' }),
}, {
  constraints: [
    // Written into every page's <style>: only a colour and a known font key, whoever writes them.
    async (env, ids) => {
      const rows = await env.sudo().model('website').read(ids, ['theme_primary_color', 'theme_font']);
      for (const r of rows) {
        if (r.theme_primary_color && !HEX_COLOR.test(String(r.theme_primary_color))) throw new ValidationError('Write the primary colour as #rrggbb.');
        if (r.theme_font && !Object.hasOwn(THEME_FONTS, String(r.theme_font))) throw new ValidationError('Choose a font from the list.');
      }
    },
  ],
});
