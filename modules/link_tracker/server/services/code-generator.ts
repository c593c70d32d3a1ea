import crypto from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random code of `length` letters and digits (case-sensitive, 62 symbols). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return code;
}

/** What a code may be made of, so that `/r/<code>` and `/r/<code>+` stay unambiguous. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
