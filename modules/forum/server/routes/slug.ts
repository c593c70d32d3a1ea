import { MissingError } from '@platform/core';

// Built with the forum's other URLs in common/forum-urls.ts; re-exported for the server code that imports it here.
export { slug } from '../../common/forum-urls';

const SLUG = /^(?:[\w-]{0,200}-)?(\d{1,9})$/;

/** The id at the end of a slug (`help-1` -> 1; a bare id works too); a MissingError (404) otherwise. */
export function slugId(slug: string | undefined): number {
  const m = SLUG.exec(slug ?? '');
  if (!m || Number(m[1]) === 0) throw new MissingError('This page does not exist.');
  return Number(m[1]);
}
