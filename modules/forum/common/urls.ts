/** `name-<id>`: lower-case words of the name joined by dashes, then the id (forum, question and user URLs). */
export function slug(name: string, id: number): string {
  const words = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return words ? `${words}-${id}` : String(id);
}

/** Where a forum's ask form posts, and where an answer to a question posts (below `base`, `/forum/<slug>`). */
export const askPostUrl = (base: string): string => `${base}/new`;
export const editPostUrl = (base: string, postId: number): string => `${base}/post/${postId}/save`;
