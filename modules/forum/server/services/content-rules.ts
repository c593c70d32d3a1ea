import sanitizeHtml from 'sanitize-html';

/** The tags a forum post keeps: text structure, code, and (for those with the editor karma) links and pictures. */
const TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'sub', 'sup'];
/** Pictures come from this site's attachments (the forum's upload) or https addresses. */
const IMAGE_SRC = /^(\/web\/image\/ir\.attachment\/\d+\/datas(\?[\w=&]*)?|https:\/\/)/i;

/**
 * The HTML of a post written with the rich editor, cleaned for the forum: only text structure, and
 * links and images only when the author has the editor karma (SPEC 5; the browser hides the tools, and
 * a pasted link of a user under it is reduced to its text here, as the tools would not have made it).
 * No class, style or data attribute survives but `img-fluid` on pictures. The model's html field then
 * sanitises again when it is written.
 */
export function cleanPostHtml(html: string, mayLinkAndImage: boolean): string {
  const clean = sanitizeHtml(html, {
    allowedTags: mayLinkAndImage ? [...TEXT_TAGS, 'a', 'img'] : TEXT_TAGS,
    allowedAttributes: mayLinkAndImage ? { a: ['href', 'rel'], img: ['src', 'alt', 'class'] } : {},
    allowedClasses: { img: ['img-fluid'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs.src ?? ''),
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
  // The editor leaves an empty paragraph after a picture or at the end: not part of the post.
  return clean.replace(/(<p>(\s|<br \/>)*<\/p>)+$/, '');
}

/** Whether HTML carries a link or a picture (what the editor karma is needed for). */
export function hasLinkOrImage(html: string): boolean {
  return /<img\b|<a\s[^>]*href|url\s*\(/i.test(html);
}

/** A plain-text question or answer (the form's textarea, without JavaScript) as paragraphs of escaped text. */
export function textToParagraphs(typed: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return typed.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${esc(p).replace(/\r?\n/g, '<br>')}</p>`).join('');
}

/** What a form posted as the post's text: the editor's HTML (`content_format=html`) or the textarea's text. */
export function postedContent(content: string, format: unknown): { html: string; fromEditor: boolean } {
  return format === 'html' ? { html: content, fromEditor: true } : { html: textToParagraphs(content), fromEditor: false };
}
