import crypto from 'node:crypto';
import type Koa from 'koa';
import { TOKEN_LIFETIME_S } from './csrf';
import type { Session } from './session';

/**
 * What a CSRF token is bound to. A stored session binds to its id. A visitor without one (the login
 * and sign-up forms) gets a random HttpOnly cookie instead, so showing a form stores nothing in the
 * database: the token is an HMAC of that cookie's value, which another site can neither read nor set.
 */
export const VISITOR_CSRF_COOKIE = 'csrf_visitor';
const VISITOR_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Session bindings are the bare id (tokens issued before visitor cookies existed stay valid); ids hold no ':'. */
const visitorBinding = (value: string) => `visitor:${value}`;

/** The binding for a form rendered in this response; sets the visitor cookie when one is needed. */
export function formCsrfBinding(ctx: Koa.Context, session: Session): string {
  // A session that exists, or will be stored at the end of this request, carries the token itself.
  if (!session.isNew || session.worthKeeping) return session.sid;
  let value = visitorCookie(ctx);
  if (!value) {
    value = crypto.randomBytes(32).toString('base64url');
    ctx.cookies.set(VISITOR_CSRF_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, overwrite: true, maxAge: TOKEN_LIFETIME_S * 1000 });
  }
  return visitorBinding(value);
}

/** The bindings a posted token may match: the stored session, and the visitor cookie if there is one. */
export function requestCsrfBindings(ctx: Koa.Context, session: Session): string[] {
  const bindings: string[] = [];
  if (!session.isNew) bindings.push(session.sid);
  const value = visitorCookie(ctx);
  if (value) bindings.push(visitorBinding(value));
  return bindings;
}

/**
 * Once signed in, forms are bound to the session: the visitor cookie goes, so a token taken before
 * login (bound to it) is worthless after.
 */
export function dropVisitorCsrfCookie(ctx: Koa.Context): void {
  if (ctx.cookies.get(VISITOR_CSRF_COOKIE) !== undefined) ctx.cookies.set(VISITOR_CSRF_COOKIE, null);
}

function visitorCookie(ctx: Koa.Context): string | undefined {
  const value = ctx.cookies.get(VISITOR_CSRF_COOKIE);
  return value && VISITOR_VALUE.test(value) ? value : undefined;
}
