import { ValidationError } from '@platform/core';

export const TAG_MIN = 2;
export const TAG_MAX = 35;
export const TAGS_PER_POST = 5;

/**
 * Splits what the tag selector sends into tag names (SPEC 5: separators comma, space or underscore;
 * 2 to 35 characters each; at most 5). Duplicates are dropped, case kept. A name out of bounds or a
 * sixth tag is a ValidationError naming the rule, so nothing is half written.
 */
export function parseTagNames(input: string): string[] {
  const names = [...new Set(input.split(/[,\s_]+/).map((n) => n.trim()).filter((n) => n.length > 0))];
  for (const name of names) {
    if ([...name].length < TAG_MIN || [...name].length > TAG_MAX) {
      throw new ValidationError(`Each tag should contain between ${TAG_MIN} and ${TAG_MAX} characters: '${name.slice(0, 40)}'.`);
    }
  }
  if (names.length > TAGS_PER_POST) throw new ValidationError(`A post has at most ${TAGS_PER_POST} tags.`);
  return names;
}
