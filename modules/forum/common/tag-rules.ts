/*
 * The forum's tag rules (SPEC 5 and 9), written once for the tag selector, the forms' schemas and the
 * services: 2 to 35 characters each, at most 5 per post, separated by commas, spaces or underscores.
 * Whether a NEW tag may be created depends on karma, which only the server knows for sure (the
 * selector is told `mayCreate` for comfort). No Node or DOM API here.
 */
import { string } from 'yup';

export const TAG_MIN = 2;
export const TAG_MAX = 35;
export const TAGS_PER_POST = 5;
/** How many suggestions `/forum/get_tags` gives at most. */
export const TAG_SEARCH_SIZE = 50;
/** The tags field as posted (names and separators): 5 names of 35 characters fit with room to spare. */
export const TAGS_FIELD_MAX = 200;
/** What separates tag names as typed or posted. */
export const TAG_SEPARATORS = /[,\s_]+/;

/** Messages are English UI strings (translated in i18n/). */
export const TAG_MESSAGES = {
  length: `Each tag should contain between ${TAG_MIN} and ${TAG_MAX} characters.`,
  count: `A post has at most ${TAGS_PER_POST} tags.`,
  field: `The tags are too long (at most ${TAGS_FIELD_MAX} characters).`,
} as const;

/** The names of a posted tags field, in order, duplicates dropped (case kept). */
export function splitTagNames(input: string): string[] {
  return [...new Set(input.split(TAG_SEPARATORS).map((n) => n.trim()).filter((n) => n.length > 0))];
}

/** Whether one name has an allowed length (counted in characters, not UTF-16 units). */
export function tagNameFits(name: string): boolean {
  const length = [...name].length;
  return length >= TAG_MIN && length <= TAG_MAX;
}

/** The rule a list of names breaks, as its message, or null. */
export function tagNamesProblem(names: string[]): string | null {
  if (names.some((n) => !tagNameFits(n))) return TAG_MESSAGES.length;
  if (names.length > TAGS_PER_POST) return TAG_MESSAGES.count;
  return null;
}

/** The posted tags field (`post_tags`) of the ask and edit forms. */
export const tagsField = () =>
  string()
    .max(TAGS_FIELD_MAX, TAG_MESSAGES.field)
    .test('tag-rules', TAG_MESSAGES.length, function check(value) {
      const problem = tagNamesProblem(splitTagNames(value ?? ''));
      return problem ? this.createError({ message: problem }) : true;
    });
