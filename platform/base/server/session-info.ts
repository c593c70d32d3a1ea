import type { Config } from '@platform/core/config';
import type { UserInfo } from '@platform/http/user-directory';

/** Name of the database as external clients know it (the `db` of /web/session/authenticate). */
export function databaseName(config: Config): string {
  const url = config.databaseUrl;
  if (url.startsWith('sqlite:')) return (url.split('/').pop() ?? 'site').replace(/\.sqlite$/, '') || 'site';
  return new URL(url).pathname.replace(/^\//, '') || 'postgres';
}

/**
 * The session description returned by authenticate and get_session_info. Without the session id: the
 * cookie is HttpOnly so that scripts cannot read it, and clients have it from the cookie already.
 */
export function sessionInfo(user: UserInfo, lang: string, config: Config): Record<string, unknown> {
  return {
    uid: user.id,
    name: user.name,
    username: user.login,
    partner_id: user.partnerId,
    partner_display_name: user.name,
    is_admin: user.groups.has('base.group_system'),
    is_system: user.groups.has('base.group_system'),
    is_internal_user: user.groups.has('base.group_user'),
    user_context: { lang, tz: 'UTC', uid: user.id },
    db: databaseName(config),
    server_version: '1.0',
    server_version_info: [1, 0, 0, 'final', 0, ''],
  };
}
