/** Where personal unsubscribe links go in a body (the original platform's placeholder). */
export const UNSUBSCRIBE_PLACEHOLDER = '/unsubscribe_from_list';

const LINK = /href="(https?:\/\/[^"]+)"/g;

/** The body cut around its tracked links, so one recipient's copy is a cheap concatenation. */
export interface BodyTemplate {
  /** Text between links: parts.length === links.length + 1. */
  parts: string[];
  /** The (HTML-escaped, as written) URLs of the links, in order; the click route looks them up by index. */
  links: string[];
}

/** Splits a sanitised body around its http(s) links (unsubscribe placeholders are kept as they are). */
export function bodyTemplate(html: string): BodyTemplate {
  const parts: string[] = [];
  const links: string[] = [];
  let last = 0;
  for (const m of html.matchAll(LINK)) {
    if (m[1].includes(UNSUBSCRIBE_PLACEHOLDER)) continue;
    parts.push(html.slice(last, m.index) + 'href="');
    links.push(m[1]);
    last = m.index! + m[0].length - 1; // keep the closing quote in the next part
  }
  parts.push(html.slice(last));
  return { parts, links };
}

/** The URL a tracked link points to, decoded from the HTML attribute it was written in. */
export function linkTarget(html: string, index: number): string | undefined {
  const link = bodyTemplate(html).links[index];
  return link === undefined ? undefined : unescapeAttr(link);
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeAttr(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
