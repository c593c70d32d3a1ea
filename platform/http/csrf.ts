import crypto from 'node:crypto';

/**
 * Tokens stay valid 48 hours. They are bound to a secret of the browser that got the form (its session
 * id, or its visitor cookie: see csrf-binding.ts), so a token from one browser fails in another.
 */
export const TOKEN_LIFETIME_S = 48 * 3600;

export function csrfToken(secret: string, binding: string, now = Date.now()): string {
  const maxTs = Math.floor(now / 1000) + TOKEN_LIFETIME_S;
  return `${sign(secret, binding, maxTs)}o${maxTs}`;
}

export function checkCsrfToken(secret: string, binding: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const m = /^([0-9a-f]{64})o(\d{1,12})$/.exec(token);
  if (!m) return false;
  const maxTs = Number(m[2]);
  if (maxTs < now / 1000) return false;
  const expected = Buffer.from(sign(secret, binding, maxTs), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

function sign(secret: string, binding: string, maxTs: number): string {
  return crypto.createHmac('sha256', secret).update(`${binding}:${maxTs}`).digest('hex');
}
