import type Koa from 'koa';
import type { RequestState } from './request-state';

/**
 * Keeps what is meant for one person out of shared caches (proxies, CDNs) and off disk: a response is
 * personal when a user is signed in, when the visitor has a session (their follows, their e-mail), or
 * when it sets a cookie (a form's CSRF cookie, a new session). Such a response gets `no-store`, unless
 * its route chose a Cache-Control itself (hashed assets are `public`, a user's images `private`).
 * Anonymous pages without a session stay cacheable.
 */
export function noStoreWhenPersonal(ctx: Koa.Context, state: RequestState): void {
  if (ctx.response.get('Cache-Control')) return;
  const personal = !state.isPublic || !state.session.isNew || state.session.worthKeeping || Boolean(ctx.response.get('Set-Cookie'));
  if (personal) ctx.set('Cache-Control', 'no-store');
}
