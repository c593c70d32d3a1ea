import type { Env } from '@platform/orm/environment';
import type { Session } from './session';
import type { Site } from './site';
import type { UserInfo } from './user-directory';

/** What the pipeline attaches to `ctx.state` before a route runs; routes read it from their RequestContext. */
export interface RequestState {
  requestId: string;
  site: Site;
  session: Session;
  /** The session pointed to a session that no longer exists (expired or logged out elsewhere). */
  sessionExpired: boolean;
  /** The logged-in user, or the site's public user. */
  user: UserInfo;
  isPublic: boolean;
  lang: string;
  env: Env;
  /** Nonce of this response's Content-Security-Policy, for the page's script tag. */
  cspNonce: string;
  /** Language from the URL prefix (`/fr/...`), when there was one. */
  urlLang?: string;
  /** That prefix as written in the URL (`fr`), for redirects that keep the language. */
  urlPrefix?: string;
  /** The request path without its language prefix. */
  unprefixedPath?: string;
  /**
   * The URL prefix (`fr`) of a language chosen by the `frontend_lang` cookie on an unprefixed URL: a
   * page asked for that way is redirected to its prefixed URL, so one URL is one language.
   */
  cookieLangPrefix?: string;
}
