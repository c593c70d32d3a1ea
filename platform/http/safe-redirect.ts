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
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
