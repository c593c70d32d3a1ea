import type { RequestContext } from '@platform/http';
import { SESSION_FOLLOWED, SESSION_FOLLOWED_AS } from './follow-service';

/** How many follows a visitor's session remembers (the oldest are forgotten first). */
const MAX_SESSION_FOLLOWS = 200;
/** Partners remembered per record, so repeated follows with new e-mails cannot grow the session forever. */
const MAX_PARTNERS_PER_FOLLOW = 10;
/**
 * Sessions written by an earlier version kept here the partner of the LAST follow, whether or not that
 * follow was made by the session (the address may have followed already): it proves nothing, so it is
 * only dropped.
 */
const LEGACY_SESSION_PARTNER = 'website_mail.partner_id';

/** The records (`model:id`) this visitor's browser follows, as far as it knows. */
export function followedBySession(req: RequestContext): string[] {
  const v = req.session.get(SESSION_FOLLOWED);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * `model:id` -> partners whose follow THIS session created (usually one; two tabs may have used two
 * e-mails), ignoring anything malformed in the session.
 */
export function partnersBySession(req: RequestContext): Record<string, number[]> {
  const v = req.session.get(SESSION_FOLLOWED_AS);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const entries = Object.entries(v as Record<string, unknown>).map(([k, ids]): [string, number[]] => [k, Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : []]);
  return Object.fromEntries(entries.filter(([, ids]) => ids.length > 0));
}

/** Stores the session's follows; the partner map keeps only the records still in the list. */
export function saveSessionFollows(req: RequestContext, followed: string[], partners: Record<string, number[]>): void {
  const kept = followed.slice(-MAX_SESSION_FOLLOWS);
  req.session.set(SESSION_FOLLOWED, kept);
  req.session.set(SESSION_FOLLOWED_AS, Object.fromEntries(kept.filter((k) => k in partners).map((k) => [k, partners[k]])));
  req.session.delete(LEGACY_SESSION_PARTNER);
}

/**
 * The visitor's browser confirmed a follow: it shows the record as followed, and may undo it only if
 * the confirmation created it (`created`), never a follow that existed before.
 */
export function rememberSessionFollow(req: RequestContext, key: string, partnerId: number, created: boolean): void {
  const followed = followedBySession(req);
  const partners = partnersBySession(req);
  if (created) partners[key] = [...new Set([...(partners[key] ?? []), partnerId])].slice(-MAX_PARTNERS_PER_FOLLOW);
  saveSessionFollows(req, [...followed.filter((k) => k !== key), key], partners);
}
