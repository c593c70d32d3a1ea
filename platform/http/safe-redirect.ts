/**
 * Keeps a redirect target on this site: only a path (`/shop?x=1#y`) survives; absolute URLs to other
 * hosts, protocol-relative `//evil`, backslash tricks and `javascript:` fall back to `fallback`.
 */
export function safeRedirect(target: unknown, fallback = '/', host?: string): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  const trimmed = target.trim();
  if (/[\u0000-\u001f\\]/.test(trimmed)) return fallback;
  try {
    const base = new URL('http://this.site');
    const url = new URL(trimmed, base);
    const sameHost = url.origin === base.origin || (!!host && url.host.toLowerCase() === host.toLowerCase() && /^https?:$/.test(url.protocol));
    if (!sameHost) return fallback;
    if (url.origin === base.origin && !trimmed.startsWith('/')) return fallback;
    if (trimmed.startsWith('//')) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // The input is checked, but what leaves is the normalised path: dot segments (`/.//x`, `/%2e%2e//x`,
    // `/a/..//x`) can turn it into `//x`, which browsers read as another host.
    return isSitePath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A path browsers resolve on this host: one leading slash, and no backslash (read as a slash). */
export function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
