import { COOKIE_LIFETIME_S } from './thread-logic';

/** The visitor's chat session (and its fold state) and the auto-popup switch live in 1-hour cookies. */
export const SESSION_COOKIE = 'im_livechat_session';
export const AUTO_POPUP_COOKIE = 'im_livechat_auto_popup';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAge = COOKIE_LIFETIME_S): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}
