import crypto from 'node:crypto';
import type Koa from 'koa';

/**
 * Headers every response carries: no MIME sniffing, no framing by other sites, no referrer leaks, and
 * a Content-Security-Policy whose script-src allows this site's files plus the scripts carrying this
 * response's nonce (no inline script runs otherwise). Styles allow inline attributes because React
 * style props and the chart library set them; they cannot execute code.
 */
/** The fixed headers of every response Koa sends (the hot paths' bodiless answers take only the referrer policy). */
export const FIXED_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

const NONCE_BYTES = 16;
/** Random bytes drawn at once for this many nonces: one call into the CSPRNG per batch, not per response. */
const NONCES_PER_DRAW = 256;
let drawn = Buffer.alloc(0);
let used = 0;

/**
 * A fresh nonce for a response's scripts: 16 bytes of the CSPRNG, never handed out twice. They are cut
 * from a batch drawn at once (like `crypto.randomUUID`'s own), which is as unpredictable as one draw per
 * nonce and cheaper.
 */
export function newCspNonce(): string {
  if (used + NONCE_BYTES > drawn.length) {
    drawn = crypto.randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    used = 0;
  }
  const nonce = drawn.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

const NONCE = '<nonce>';
const [CSP_HEAD, CSP_TAIL] = [
  "default-src 'self'",
  `script-src 'self' 'nonce-${NONCE}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self' https://www.youtube.com https://player.vimeo.com",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ').split(NONCE);

/** The Content-Security-Policy of a response whose scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  return CSP_HEAD + nonce + CSP_TAIL;
}

export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    const nonce = newCspNonce();
    ctx.state.cspNonce = nonce;
    for (const [name, value] of FIXED_SECURITY_HEADERS) ctx.set(name, value);
    ctx.set('Content-Security-Policy', contentSecurityPolicy(nonce));
    await next();
  };
}
