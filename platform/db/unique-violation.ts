/**
 * Whether a database error is a unique-index violation (PostgreSQL 23505, SQLite's UNIQUE or PRIMARY
 * KEY constraint): the database's last word when two writers race past the same model constraint.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
