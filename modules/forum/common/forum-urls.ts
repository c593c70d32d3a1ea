/**
 * The forum's URLs, built here only, so that pages, redirects, mails and notifications link to the
 * same paths. Pure functions (no server state): the browser's pages use them too.
 */

/** `name-<id>`: lower-case words of the name joined by dashes, then the id (the id alone when no word is left). */
export function slug(name: string, id: number): string {
  const words = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return words ? `${words}-${id}` : String(id);
}

/** A forum's home: `/forum/<slug>`. */
export function forumPath(forum: { id: number; name: string }): string {
  return `/forum/${slug(forum.name, forum.id)}`;
}

/**
 * A question's page, `<forum>/question/<slug>` (the id alone without the title). An answer is shown
 * on its question's page: pass the question.
 */
export function questionPath(forum: { id: number; name: string }, question: { id: number; name?: string }): string {
  return `${forumPath(forum)}/question/${slug(question.name ?? '', question.id)}`;
}

/** Where a forum's ask form posts, and where an answer to a question posts (below `base`, `/forum/<slug>`). */
export const askPostUrl = (base: string): string => `${base}/new`;
/** Where a post's edit form posts. */
export const editPostUrl = (base: string, postId: number): string => `${base}/post/${postId}/save`;
