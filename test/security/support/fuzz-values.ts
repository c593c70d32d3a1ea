/** A small seeded generator (mulberry32): the same seed gives the same cases, so a failure can be replayed. */
export class Seeded {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/**
 * Values a client may send where a route expects something else: wrong types, limits of numbers,
 * oversized and malformed strings, injection payloads, prototype pollution, deep nesting.
 */
export const NASTY_VALUES: readonly unknown[] = [
  null, true, false, 0, -1, 1, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, 1e-320,
  '', ' ', '0', '-1', '1e999', 'NaN', 'Infinity', 'true', 'false', 'null', 'undefined', '[]', '{}',
  'a'.repeat(10_000), 'é'.repeat(3000), '9'.repeat(400), '\u0000', 'a\u0000b', '\ud800', '\u202e\u2066', '😀'.repeat(50),
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "' OR '1'='1' --", '1; DROP TABLE res_users', '%s%s%n',
  '../../../../etc/passwd', '..\\..\\windows', 'javascript:alert(1)', '//evil.example/', 'http://127.0.0.1:1/', 'file:///etc/passwd',
  '2026-13-45', '2026-02-30 25:61:61', '0000-00-00', '-271821-04-19T00:00:00Z', '12/31/1899', 'user@', '@example.com', 'a@b@c',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  {}, [], [1, 2, 3], [null], ['a', {}], { id: 1 }, { $gt: '' }, { __proto__: { polluted: 1 } }, JSON.parse('{"__proto__":{"polluted":1}}'),
  { constructor: { prototype: { polluted: 1 } } }, nested(60), Array.from({ length: 2000 }, (_, i) => i),
  [[0, 0, { name: 'x' }]], [6, 0, [1, 2]], ['&', ['id', '=', 1]], [['id', '=', 1]], [['password_hash', '!=', false]],
];

/** Integers and odd tokens for route path parameters (`/:id`). */
export const PATH_VALUES: readonly string[] = [
  '1', '2', '3', '0', '-1', '999999999', '99999999999999999999', '1.5', 'abc', 'a-1', '%00', '..%2f..%2fetc', '%E2%80%AE',
  'null', 'undefined', '1e3', '0x10', ' 1', 'x'.repeat(300),
];
