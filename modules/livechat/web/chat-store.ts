import { clearCookie, readCookie, writeCookie } from './chat-cookies';
import { COOKIE_LIFETIME_S } from './thread-logic';

/** Where the visitor's chat state lives for an hour: cookies on the site, localStorage when embedded elsewhere. */
export interface ChatStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const cookieStore: ChatStore = { get: readCookie, set: (k, v) => writeCookie(k, v), remove: clearCookie };

/** Values kept for this page only when the browser refuses storage to third-party frames. */
const memory = new Map<string, { value: string; until: number }>();

/**
 * Inside another site's page the chat runs in an iframe, where this site's cookies are third-party and
 * blocked: the same values go to (partitioned) localStorage, with the same one-hour lifetime. Browsers
 * that block third-party storage as well get an in-memory copy: the chat works, it is just not resumed
 * on the next page.
 */
export const localStore: ChatStore = {
  get(key) {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(`livechat.${key}`);
    } catch {
      raw = null;
    }
    const entry = raw ? (JSON.parse(raw) as { value: string; until: number }) : memory.get(key);
    return entry && entry.until > Date.now() ? entry.value : null;
  },
  set(key, value) {
    const entry = { value, until: Date.now() + COOKIE_LIFETIME_S * 1000 };
    memory.set(key, entry);
    try {
      window.localStorage.setItem(`livechat.${key}`, JSON.stringify(entry));
    } catch {
      // third-party storage refused: the in-memory copy serves this page
    }
  },
  remove(key) {
    memory.delete(key);
    try {
      window.localStorage.removeItem(`livechat.${key}`);
    } catch {
      // nothing stored
    }
  },
};
