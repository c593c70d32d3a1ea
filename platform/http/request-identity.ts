import type http from 'node:http';
import { Session } from './session';
import type { SessionStore } from './session-store';
import type { Site } from './site';
import type { UserDirectory, UserInfo } from './user-directory';

export const SESSION_COOKIE = 'session_id';

/** Who a request comes from. */
export interface RequestIdentity {
  site: Site;
  session: Session;
  /** The signed-in user, or the site's public user. */
  user: UserInfo;
  isPublic: boolean;
}

export interface ResolvedIdentity extends RequestIdentity {
  /** The request named a session that no longer exists (expired, or logged out elsewhere). */
  sessionExpired: boolean;
  /** The session was signed in as a user who is gone or archived: it is signed out now (not yet saved). */
  signedOut: boolean;
}

/**
 * Resolves who a request comes from, the same way for every transport (the Koa pipeline, the bus
 * WebSocket): the session it names, that session's user if still active, else the site's public user.
 */
export class RequestIdentityResolver {
  constructor(private readonly sessions: SessionStore, private readonly users: UserDirectory) {}

  async resolve(site: Site, sid: string | undefined): Promise<ResolvedIdentity> {
    const stored = sid ? await this.sessions.load(sid) : null;
    const session = stored ?? Session.fresh();
    let user = session.uid !== null ? await this.users.get(session.uid) : null;
    const signedOut = session.uid !== null && (!user || !user.active);
    if (signedOut) {
      session.uid = null;
      session.dirty = true;
      user = null;
    }
    return {
      site,
      session,
      user: user ?? (await this.users.get(site.publicUserId))!,
      isPublic: !user,
      sessionExpired: Boolean(sid) && !stored,
      signedOut,
    };
  }
}

const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;) *${SESSION_COOKIE}=([^;]*)`);

/** The session cookie of a request (read as Koa's `ctx.cookies.get` reads it: raw, quotes dropped). */
export function sessionCookie(req: http.IncomingMessage): string | undefined {
  const match = SESSION_COOKIE_VALUE.exec(req.headers.cookie ?? '');
  if (!match) return undefined;
  const value = match[1];
  return value.startsWith('"') ? value.slice(1, -1) : value;
}
