/** A tracked link as the /website_links calls return it. */
export interface TrackedLink {
  id: number;
  url: string;
  title: string | false;
  code: string | false;
  short_url: string | false;
  campaign_id: [number, string] | false;
  medium_id: [number, string] | false;
  source_id: [number, string] | false;
  count: number;
  unique_count: number;
  create_date: string | false;
  last_click_date: string | false;
}

/** Demo links are stored with a path only (no request to take the host from): complete it here. */
export function absoluteShortUrl(shortUrl: string | false): string {
  if (!shortUrl) return '';
  return shortUrl.startsWith('/') && typeof window !== 'undefined' ? `${window.location.origin}${shortUrl}` : shortUrl;
}
