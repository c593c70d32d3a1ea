import { object, string } from 'yup';

/**
 * The fonts a site can use: system stacks and web-safe families that every visitor already has (no
 * font file is loaded from another site). The key is stored; the stack is what the page's CSS says.
 */
export const THEME_FONTS: Record<string, { label: string; stack: string }> = {
  system: { label: 'System (default)', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  humanist: { label: 'Humanist sans (Verdana, Tahoma)', stack: 'Verdana, Tahoma, "DejaVu Sans", sans-serif' },
  geometric: { label: 'Geometric sans (Century Gothic, Avenir)', stack: '"Century Gothic", Avenir, "Avenir Next", "URW Gothic", sans-serif' },
  serif: { label: 'Serif (Georgia)', stack: 'Georgia, Cambria, "Times New Roman", "DejaVu Serif", serif' },
  transitional: { label: 'Book serif (Palatino, Book Antiqua)', stack: '"Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", serif' },
  mono: { label: 'Monospace (Menlo, Consolas)', stack: 'ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace' },
};

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** The default theme's primary colour (the stylesheet's). */
export const DEFAULT_PRIMARY = '#0b5cad';
/** The favicon as uploaded (a PNG, JPEG, GIF or WebP), at most this many bytes. */
export const FAVICON_MAX_BYTES = 256 * 1024;

/** The theme form, in the browser (formik) and on the server. */
export const themeSchema = object({
  primary_color: string().required('Choose a colour.').matches(HEX_COLOR, 'Write the colour as #rrggbb.'),
  font: string().required().oneOf(Object.keys(THEME_FONTS), 'Choose a font from the list.'),
});
export type ThemeValues = { primary_color: string; font: string };

/** `#0b5cad` -> `11, 92, 173` (Bootstrap's `--bs-primary-rgb`). */
export function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}`;
}
