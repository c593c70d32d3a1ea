import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'picture', 'source', 'video', 'iframe', 'span', 'del', 'ins', 'sub', 'sup'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    '*': ['class', 'title', 'lang', 'dir', 'style'],
    img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'],
    a: ['href', 'name', 'target', 'rel'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // Embeds only from well-known video hosts.
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/], color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(/] } },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Every html field is cleaned when written, whoever writes it: scripts, handlers and javascript: URLs go. */
export function sanitizeFieldHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
