import path from 'node:path';
import { expect } from 'chai';
import { ModuleLoadError } from '@platform/core/errors';

export const FIXTURES = path.join(__dirname, 'fixtures');
export const BASE_ROOT = path.resolve(__dirname, '..', '..', 'base');

export function fixture(...parts: string[]): string {
  return path.join(FIXTURES, ...parts);
}

/** Runs `fn` and returns the ModuleLoadError it throws (fails the test otherwise). */
export async function moduleLoadError(fn: () => unknown): Promise<ModuleLoadError> {
  let caught: unknown;
  try {
    await fn();
  } catch (err) {
    caught = err;
  }
  expect(caught, 'expected a ModuleLoadError').to.be.instanceOf(ModuleLoadError);
  return caught as ModuleLoadError;
}
