import crypto from 'node:crypto';
import type Koa from 'koa';

/**
 * Headers every response carries: no MIME sniffing, no framing by other sites, no referrer leaks, and
 * a Content-Security-Policy whose script-src allows this site's files plus the scripts carrying this
 * response's nonce (no inline script runs otherwise). Styles allow inline attributes because React
 * style props and the chart library set them; they cannot execute code.
 */
export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    ctx.state.cspNonce = nonce;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Content-Security-Policy', [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "connect-src 'self' ws: wss:",
      "frame-src 'self' https://www.youtube.com https://player.vimeo.com",
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '));
    await next();
  };
}
