import sanitizeHtml from 'sanitize-html';

/**
 * `data-*` attributes are kept on sections and divs (a dynamic block's placeholder and its options,
 * `<section data-dynamic-block="website.latest_pages" data-limit="3">`), except those that scripts of
 * the page act on: island markers (`data-island`, `data-props` would hydrate a widget with
 * the writer's props) and Bootstrap's `data-bs-*`.
 */
const SCRIPTED_DATA = /^data-(island|props|hydrated|bs-.*)$/i;
const keepInertData = (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => !SCRIPTED_DATA.test(name))),
});

/** `url("/web/image/ir.attachment/12/datas")` or a theme picture under `/website/static/`. */
const SITE_IMAGE_URL = /^url\((["']?)\/(web\/image\/ir\.attachment\/\d{1,10}\/datas|website\/static\/(?:[\w-]{1,64}\/){0,4}[\w-]{1,64}\.(?:jpe?g|png|webp|gif))\1\)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'picture', 'source', 'video', 'iframe', 'span', 'del', 'ins', 'sub', 'sup'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    '*': ['class', 'title', 'lang', 'dir', 'style'],
    img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'],
    a: ['href', 'name', 'target', 'rel'],
    section: ['data-*'],
    div: ['data-*'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
    // Decorative icons of the theme's blocks are hidden from screen readers.
    span: ['aria-hidden'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // Embeds only from well-known video hosts.
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowedStyles: {
    '*': { 'text-align': [/^(left|right|center|justify)$/], color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(/] },
    // A block's background picture: this site's stored or theme images only (no other origin, no data: URL).
    section: { 'background-image': [SITE_IMAGE_URL] },
  },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }), section: keepInertData, div: keepInertData },
};

/** Every html field is cleaned when written, whoever writes it: scripts, handlers and javascript: URLs go. */
export function sanitizeFieldHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
