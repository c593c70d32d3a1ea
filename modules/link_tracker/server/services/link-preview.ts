import { injectable } from 'inversify';
import { safeFetch, type SafeFetchOptions } from '@platform/http';

export interface LinkPreview {
  /** The target answered 404: the link would lead nowhere. */
  notFound: boolean;
  /** The page's <title>, or the URL itself when it cannot be had. */
  title: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Reads the first <title> of an HTML document (entities decoded, whitespace collapsed). */
export function htmlTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m) return null;
  const text = m[1]
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const n = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/**
 * Looks at a link's target before it is shortened: is it there (not 404), and what is its title.
 * Fetches through the platform's SSRF-safe helper, so a URL cannot make the server reach its own
 * network. `fetchOptions` may be widened by tests (explicit opt-in to reach their local server).
 */
@injectable()
export class LinkPreviewer {
  fetchOptions: SafeFetchOptions = {};

  async preview(url: string): Promise<LinkPreview> {
    try {
      const res = await safeFetch(url, { timeoutMs: 5000, maxBytes: 256 * 1024, ...this.fetchOptions });
      if (res.status === 404) return { notFound: true, title: url };
      const type = String(res.headers['content-type'] ?? '');
      const title = res.status < 300 && (type === '' || /html/i.test(type)) ? htmlTitle(res.body.toString('utf8')) : null;
      return { notFound: false, title: (title ?? url).slice(0, 512) };
    } catch {
      // Unreachable, refused or too slow: the link can still be made, titled with its URL.
      return { notFound: false, title: url.slice(0, 512) };
    }
  }
}
