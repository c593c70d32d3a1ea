import type { RequestContext, RateLimit } from '@platform/http';
import type { Payer } from '../services/payment-checkout';

/** Who pays: the request's environment and site, and the signed-in user's partner (none for visitors). */
export function payerOf(req: RequestContext): Payer {
  return { env: req.env, siteId: req.site.id, partnerId: req.isPublic ? null : req.user.partnerId };
}

/** Public payment writes: per address (an IPv6 /64) and per account, in a sliding window. */
export const PAY_LIMIT: RateLimit = { name: 'payment.pay', limit: 30, perAccount: 30, windowSeconds: 600 };
export const TOKEN_LIMIT: RateLimit = { name: 'payment.token', limit: 20, perAccount: 20, windowSeconds: 600 };
export const STATUS_LIMIT: RateLimit = { name: 'payment.status', limit: 300, perAccount: 300, windowSeconds: 600 };
export const NOTIFY_LIMIT: RateLimit = { name: 'payment.notify', limit: 600, windowSeconds: 60 };
