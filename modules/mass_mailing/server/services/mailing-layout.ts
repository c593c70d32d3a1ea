import { escapeHtml } from './mailing-body';

/** What a site's mailings are dressed in (see MailSenders.branding in the mail module). */
export interface MailingBranding {
  siteName: string;
  /** Absolute URL of the logo, or null: the site's name is shown instead. */
  logoUrl: string | null;
  /** #rrggbb: the band above the content, the links. */
  color: string;
  postalAddress: string;
}

/** The branded copy cut around what changes per recipient (body links, unsubscribe link, pixel). */
export interface MailingLayout {
  /** Up to the body. */
  head: string;
  /** After the body, up to the unsubscribe link's URL (inside its href). */
  footStart: string;
  /** After the unsubscribe URL, up to where the tracking pixel goes. */
  footEnd: string;
  close: string;
  /** The plain-text part up to the unsubscribe URL. */
  text: string;
}

const FONT = 'font-family:-apple-system,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;';
const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/**
 * The site-branded frame of a mailing: logo (or name) over a band of the site's colour, the body,
 * and a footer with the site's name, its postal address and the unsubscribe link. Every style is
 * inline and the layout is tables, because many mail clients drop <style> blocks and ignore CSS
 * layout; the body's own tags get inline styles too (inlineBodyStyles).
 */
export function mailingLayout(b: MailingBranding, subject: string, bodyHtml: string): MailingLayout {
  const color = COLOR_RE.test(b.color) ? b.color : '#0d6efd';
  const name = escapeHtml(b.siteName);
  const brand = b.logoUrl
    ? `<img src="${escapeHtml(b.logoUrl)}" alt="${name}" height="48" style="display:block;height:48px;width:auto;max-width:100%;border:0;">`
    : `<span style="${FONT}font-size:22px;font-weight:bold;color:${color};">${name}</span>`;
  const address = b.postalAddress.split(/\r?\n/).map((l) => escapeHtml(l.trim())).filter(Boolean).join('<br>');
  const head = '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    + `<title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background-color:#f4f5f7;">`
    + '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;"><tr><td align="center" style="padding:24px 12px;">'
    + `<table role="presentation" class="mailing-frame" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-top:6px solid ${color};border-radius:6px;">`
    + `<tr><td class="mailing-brand" style="padding:24px 32px 8px 32px;">${brand}</td></tr>`
    + `<tr><td class="mailing-body" style="padding:8px 32px 24px 32px;${FONT}font-size:16px;line-height:1.5;color:#212529;">`;
  const footStart = '</td></tr>'
    + `<tr><td class="mailing-address" style="padding:16px 32px 24px 32px;border-top:1px solid #dee2e6;${FONT}font-size:13px;line-height:1.5;color:#495057;">`
    + `<p style="margin:0 0 8px 0;"><strong>${name}</strong>${address ? `<br>${address}` : ''}</p>`
    + '<p class="mailing-footer" style="margin:0;">You receive this e-mail because you subscribed to our mailing list. '
    + `<a href="`;
  const footEnd = `" style="color:${color};text-decoration:underline;">Unsubscribe</a></p></td></tr></table>`;
  const close = '</td></tr></table></body></html>';
  const text = [htmlToText(bodyHtml), '', '--', b.siteName, ...b.postalAddress.split(/\r?\n/).map((l) => l.trim()).filter(Boolean), '',
    'You receive this e-mail because you subscribed to our mailing list.', 'Unsubscribe: '].join('\n');
  return { head, footStart, footEnd, close, text };
}

const TAG_STYLES: Record<string, string> = {
  p: 'margin:0 0 16px 0;',
  h1: `margin:0 0 16px 0;${FONT}font-size:28px;line-height:1.25;color:#212529;`,
  h2: `margin:0 0 12px 0;${FONT}font-size:22px;line-height:1.3;color:#212529;`,
  h3: `margin:0 0 12px 0;${FONT}font-size:18px;line-height:1.3;color:#212529;`,
  ul: 'margin:0 0 16px 0;padding-left:24px;',
  ol: 'margin:0 0 16px 0;padding-left:24px;',
  li: 'margin:0 0 4px 0;',
  blockquote: 'margin:0 0 16px 0;padding-left:12px;border-left:4px solid #dee2e6;color:#495057;',
  img: 'max-width:100%;height:auto;border:0;',
};

/** The body's tags with inline styles (those without a style of their own), links in the site's colour. */
export function inlineBodyStyles(html: string, color: string): string {
  const c = COLOR_RE.test(color) ? color : '#0d6efd';
  return html.replace(/<(p|h1|h2|h3|ul|ol|li|blockquote|img|a)(\s[^>]*)?>/gi, (whole, tag: string, attrs: string | undefined) => {
    if (attrs && /\sstyle\s*=/i.test(attrs)) return whole;
    const style = tag.toLowerCase() === 'a' ? `color:${c};text-decoration:underline;` : TAG_STYLES[tag.toLowerCase()];
    const rest = attrs ?? '';
    const selfClosing = rest.endsWith('/');
    return `<${tag} style="${style}"${selfClosing ? rest.slice(0, -1) : rest}${selfClosing ? '/' : ''}>`;
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', apos: "'" };

/** A readable plain-text version of a (sanitised) body: paragraphs, list items, links as "text (url)". */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      const url = href.replace(/&amp;/g, '&');
      return text && text !== url ? `${text} (${url})` : url;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h[1-6]|li|ul|ol|blockquote|div|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp|apos);/g, (_, e: string) => ENTITIES[e])
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
