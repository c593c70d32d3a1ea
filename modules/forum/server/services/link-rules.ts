import net from 'node:net';
import { isPublicAddress } from '@platform/http';

const SCHEMES = new Set(['http:', 'https:', 'ftp:']);

/**
 * The link of a link post (SPEC 5): 'http://' is prepended when the scheme is missing; the URL must
 * be http, https or ftp, with a public host: no private, loopback or link-local address, no
 * `localhost` or single-label intranet name. Returns the normalised URL, or null when refused.
 */
export function normaliseLinkUrl(raw: string): string | null {
  const typed = raw.trim();
  if (!typed || typed.length > 2048) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!SCHEMES.has(url.protocol) || url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host)) return isPublicAddress(host) ? url.toString() : null;
  // A name: at least two labels, a top-level label of letters, and none of the local-only names.
  const labels = host.split('.');
  if (labels.length < 2 || !/^[a-z]{2,63}$|^xn--[a-z0-9-]+$/.test(labels[labels.length - 1])) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return null;
  return url.toString();
}

/** The message under a refused link field, with an example on this site's host. */
export function invalidLinkMessage(host: string): string {
  return `Please enter valid URL. Example: ${host}`;
}
