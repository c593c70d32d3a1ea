import { MissingError } from '@platform/core';

const SLUG = /^(?:[\w-]{0,200}-)?(\d{1,9})$/;

/** The id at the end of a slug (`help-1` -> 1; a bare id works too); a MissingError (404) otherwise. */
export function slugId(slug: string | undefined): number {
  const m = SLUG.exec(slug ?? '');
  if (!m || Number(m[1]) === 0) throw new MissingError('This page does not exist.');
  return Number(m[1]);
}

/** `name-<id>`: lower-case words of the name joined by dashes, then the id. */
export function slug(name: string, id: number): string {
  const words = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return words ? `${words}-${id}` : String(id);
}
