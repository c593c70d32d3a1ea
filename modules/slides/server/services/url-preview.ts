import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import { FetchFailedError, safeFetch, type SafeFetchOptions, UnsafeUrlError } from '@platform/http';
import { INVALID_URL_MESSAGE, parseDocumentUrl, slideUrls } from '../../common/slide-constants';
import { SLIDE_MODEL } from '../models/slide-slide';

export interface UrlPreview {
  error?: string;
  url_src?: string;
  title?: string;
  description?: string;
  /** A slide of the channel already has this document. */
  existing_url?: string;
}

/** Where metadata is asked for. Tests point these at a local server (with `allowAddress`); nothing else changes them. */
export interface PreviewEndpoints {
  youtubeOembed: string;
  googleFile: string;
  fetchOptions: Pick<SafeFetchOptions, 'allowAddress' | 'resolve' | 'timeoutMs'>;
}

/**
 * `/slides/dialog_preview/`: recognises a YouTube or Google Drive URL, then asks the provider for its
 * title and picture through the platform's SSRF-safe fetch (YouTube's oEmbed, which needs no key; a
 * Drive file's public page). Without network, or when the provider refuses, a clear error is answered.
 */
@injectable()
export class UrlPreviews {
  endpoints: PreviewEndpoints = {
    youtubeOembed: 'https://www.youtube.com/oembed',
    googleFile: 'https://drive.google.com/file/d/',
    fetchOptions: { timeoutMs: 5000 },
  };

  async preview(env: Env, rawUrl: string, channelId: number): Promise<UrlPreview> {
    const parsed = parseDocumentUrl(rawUrl);
    if (!parsed) return { error: INVALID_URL_MESSAGE };
    const [existing] = await env.sudo().model(SLIDE_MODEL).search_read([['channel_id', '=', channelId], ['document_id', '=', parsed.id]], ['name'], { limit: 1 });
    if (existing) return { error: 'This video already exists in this channel.', existing_url: slideUrls.slide({ id: Number(existing.id), name: String(existing.name) }) };
    try {
      if (parsed.kind === 'youtube') {
        const watch = `https://www.youtube.com/watch?v=${parsed.id}`;
        const res = await safeFetch(`${this.endpoints.youtubeOembed}?format=json&url=${encodeURIComponent(watch)}`, { ...this.endpoints.fetchOptions, maxBytes: 256 * 1024 });
        if (res.status !== 200) return { error: `Could not fetch data from url. The provider answered HTTP ${res.status}.` };
        const data = JSON.parse(res.body.toString('utf8')) as { title?: unknown; author_name?: unknown; thumbnail_url?: unknown };
        return {
          url_src: typeof data.thumbnail_url === 'string' && /^https:\/\//.test(data.thumbnail_url) ? data.thumbnail_url : `https://img.youtube.com/vi/${parsed.id}/hqdefault.jpg`,
          title: typeof data.title === 'string' ? data.title.slice(0, 256) : '',
          description: typeof data.author_name === 'string' ? `A video by ${data.author_name.slice(0, 200)}` : '',
        };
      }
      const res = await safeFetch(`${this.endpoints.googleFile}${parsed.id}/view`, { ...this.endpoints.fetchOptions, maxBytes: 1024 * 1024 });
      if (res.status !== 200) return { error: `Could not fetch data from url. The provider answered HTTP ${res.status}.` };
      const html = res.body.toString('utf8');
      const meta = (prop: string) => new RegExp(`<meta[^>]+property="og:${prop}"[^>]+content="([^"]{0,1000})"`, 'i').exec(html)?.[1];
      const title = meta('title') ?? /<title[^>]*>([^<]{1,300})<\/title>/i.exec(html)?.[1] ?? '';
      const image = meta('image');
      return { title: decode(title).replace(/ - Google Drive$/, '').slice(0, 256), url_src: image && /^https:\/\//.test(image) ? decode(image) : '' };
    } catch (err) {
      if (err instanceof UnsafeUrlError || err instanceof FetchFailedError || err instanceof SyntaxError) {
        return { error: `Could not fetch data from url: ${err.message}. Check the address, or try again later.` };
      }
      throw err;
    }
  }
}

function decode(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}
