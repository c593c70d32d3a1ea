import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';

const DAY = 86_400_000;
export const inDays = (days: number, hour = 9) => {
  const d = new Date();
  return utcText(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour) + days * DAY);
};

/** An event (confirmed, published, in 10 days unless told) for a test. */
export async function makeEvent(env: Env, values: Record<string, unknown> = {}): Promise<number> {
  return env.model('event.event').create({
    name: 'Test event', date_begin: inDays(10), date_end: inDays(10, 17), date_tz: 'Europe/Brussels', state: 'confirm', website_published: true, ...values,
  });
}

/** The hidden CSRF token of an HTML fragment or page. */
export function csrfOf(html: string): string {
  const m = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no csrf token in the page');
  return m[1];
}
