import { ValidationError } from '@platform/core';
import { splitTagNames, tagNamesProblem } from '../../common/tag-rules';

/**
 * Splits what the tag selector sends into tag names by the rules of common/tag-rules.ts (SPEC 5).
 * The routes' schemas check them first; this is the services' own check, so that no caller can skip
 * them: a name out of bounds or a sixth tag is a ValidationError with the rule's message, and nothing
 * is half written.
 */
export function parseTagNames(input: string): string[] {
  const names = splitTagNames(input);
  const problem = tagNamesProblem(names);
  if (problem) throw new ValidationError(problem);
  return names;
}
