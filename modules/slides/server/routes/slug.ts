import { MissingError } from '@platform/core';

const SLUG = /^(?:[\w-]{0,200}-)?(\d{1,9})$/;

/** The id at the end of a slug (`intro-4` -> 4; a bare id works too); a 404 otherwise. */
export function slugId(slug: string | undefined): number {
  const m = SLUG.exec(slug ?? '');
  if (!m || Number(m[1]) === 0) throw new MissingError('This page does not exist.');
  return Number(m[1]);
}
