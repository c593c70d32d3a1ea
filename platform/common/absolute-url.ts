/*
 * Absolute URLs from parts that may come from a request (a Host header, a stored base URL): parsed,
 * never thrown on. A URL that does not parse is null, and the caller decides what to do without one
 * (send no mail, answer a relative link), instead of an "Invalid URL" escaping from deferred work.
 */

/** `protocol://host` as an origin (`http://localhost:8069`), or null when it is not an http(s) one. */
export function originOf(protocol: string, host: string): string | null {
  if (!host || /[\s/\\?#@]/.test(host)) return null;
  const url = parse(`${protocol}://${host}`);
  return url && /^https?:$/.test(url.protocol) ? url.origin : null;
}

/** `path` on `base` (an http(s) address, with or without a path), or null when `base` is not one. */
export function absoluteUrl(base: string, path: string): string | null {
  const root = parse(base);
  if (!root || !/^https?:$/.test(root.protocol)) return null;
  return `${root.origin}${root.pathname.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The host name of an absolute URL (for `noreply@<host>` and Message-IDs), or null. */
export function hostnameOf(url: string): string | null {
  return parse(url)?.hostname || null;
}

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
