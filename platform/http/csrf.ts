import crypto from 'node:crypto';
import type { Session } from './session';

/** Tokens stay valid 48 hours; they are bound to the session id, so a token from one browser fails in another. */
const TOKEN_LIFETIME_S = 48 * 3600;

export function csrfToken(secret: string, session: Session, now = Date.now()): string {
  const maxTs = Math.floor(now / 1000) + TOKEN_LIFETIME_S;
  return `${sign(secret, session.sid, maxTs)}o${maxTs}`;
}

export function checkCsrfToken(secret: string, session: Session, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const m = /^([0-9a-f]{64})o(\d{1,12})$/.exec(token);
  if (!m) return false;
  const maxTs = Number(m[2]);
  if (maxTs < now / 1000) return false;
  const expected = Buffer.from(sign(secret, session.sid, maxTs), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

function sign(secret: string, sid: string, maxTs: number): string {
  return crypto.createHmac('sha256', secret).update(`${sid}:${maxTs}`).digest('hex');
}
