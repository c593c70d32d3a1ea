/**
 * Whether a database error is a unique-index violation (PostgreSQL 23505, SQLite's UNIQUE or PRIMARY
 * KEY constraint): the database's last word when two writers race past the same model constraint.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = errorCode(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Whether a database error is a foreign-key violation (PostgreSQL 23503, SQLite's FOREIGN KEY
 * constraint): a reference to a record that does not exist, or a delete of a record still referenced
 * (which SQLite reports as a trigger failure when the key says ON DELETE RESTRICT).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = errorCode(err);
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  return code === 'SQLITE_CONSTRAINT_TRIGGER' && /FOREIGN KEY/.test(String((err as Error).message));
}

function errorCode(err: unknown): unknown {
  return (err as { code?: unknown } | null)?.code;
}
