import type Koa from 'koa';

/** Headers every response carries: no MIME sniffing, no framing by other sites, no referrer leaks. */
export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    await next();
  };
}
