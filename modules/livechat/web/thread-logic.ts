/** Pure rules of a chat thread (SPEC section 9), kept apart from React so they are unit-tested. */

export const SQUASH_WINDOW_MS = 60_000;
export const NOW_THRESHOLD_MS = 45_000;
export const TIMESTAMP_REFRESH_MS = 60_000;
export const OPEN_DEBOUNCE_MS = 200;
export const UNREAD_RESET_DEBOUNCE_MS = 100;
export const COOKIE_LIFETIME_S = 3600;
export const WELCOME_ID = '_welcome';

export interface ThreadMessage {
  id: number | typeof WELCOME_ID;
  author_id: [number, string] | false;
  body: string;
  /** UTC `YYYY-MM-DD HH:mm:ss` as the server sends it. */
  date: string;
}

export function parseUtc(date: string): number {
  return Date.parse(`${date.replace(' ', 'T')}Z`);
}

export function authorKey(m: ThreadMessage): string {
  return m.author_id ? `p${m.author_id[0]}` : 'visitor';
}

/** A message is squashed (shown without its author line) when the previous one has the same author and is under 60 s older. */
export function squashed(messages: ThreadMessage[]): boolean[] {
  return messages.map((m, i) => {
    if (i === 0) return false;
    const prev = messages[i - 1];
    return authorKey(prev) === authorKey(m) && Math.abs(parseUtc(m.date) - parseUtc(prev.date)) < SQUASH_WINDOW_MS;
  });
}

/** `nowLabel` ('now' in the page's language) under 45 s, else the relative form given by `relative` (e.g. fromNow). */
export function timestampLabel(date: string, nowMs: number, relative: (date: string) => string, nowLabel = 'now'): string {
  return nowMs - parseUtc(date) < NOW_THRESHOLD_MS ? nowLabel : relative(date);
}

/** Splits a body into what is shown and the quoted part (lines starting with '>') hidden behind 'read more'. */
export function splitQuoted(bodyHtml: string): { shown: string; quoted: string } {
  const blockquote = bodyHtml.indexOf('<blockquote');
  if (blockquote >= 0) return { shown: bodyHtml.slice(0, blockquote), quoted: bodyHtml.slice(blockquote) };
  const lines = bodyHtml.split(/<br\s*\/?>/);
  const first = lines.findIndex((l) => l.trimStart().startsWith('&gt;'));
  if (first < 0) return { shown: bodyHtml, quoted: '' };
  return { shown: lines.slice(0, first).join('<br />'), quoted: lines.slice(first).join('<br />') };
}

/** Adds messages not already in the thread, keeping it in id order (the welcome message stays first). */
export function mergeMessages<M extends ThreadMessage>(current: M[], incoming: M[]): M[] {
  const seen = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !seen.has(m.id));
  if (added.length === 0) return current;
  const welcome = current.filter((m) => m.id === WELCOME_ID);
  const rest = [...current.filter((m) => m.id !== WELCOME_ID), ...added].sort((a, b) => Number(a.id) - Number(b.id));
  return [...welcome, ...rest];
}

/** Runs `fn` once calls stop coming for `ms` (the open action and the unread reset are debounced). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** Text typed by a user -> HTML, as the server stores it (for showing a sent message before the bus echoes it). */
export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!).replace(/\r?\n/g, '<br />');
}
