/**
 * Errors that cross the wire. Their class names are the `data.name` values that JSON-RPC clients
 * (ours and the original platform's) switch on, so they must not be renamed.
 */
export class UserError extends Error {
  override name = 'UserError';
  /** JSON-RPC error code; 100 is reserved for an expired session. */
  readonly code: number = 200;
}
export class ValidationError extends UserError {
  override name = 'ValidationError';
}
/**
 * Parameters that break their route's schema, by field name (`{ title: 'Title is too long (at most
 * 200 characters)' }`): a form shows each message under its field; JSON-RPC sends them as `data.fields`.
 */
export class InvalidFields extends ValidationError {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join(' '));
  }
}
/** A unique index refused a write (seen by clients as a ValidationError). */
export class DuplicateError extends ValidationError {}
export class AccessError extends UserError {
  override name = 'AccessError';
}
export class AccessDenied extends UserError {
  override name = 'AccessDenied';
}
export class MissingError extends UserError {
  override name = 'MissingError';
}
/**
 * The database cancelled a statement: it ran past the statement timeout (or its request was gone).
 * Shown to clients as a UserError: a message to read, not an internal error.
 */
export class QueryCanceled extends UserError {
  override name = 'UserError';
  constructor(message = 'The request took too long and was cancelled. Try again with fewer or simpler criteria.') {
    super(message);
  }
}
export class SessionExpired extends UserError {
  override name = 'SessionExpiredException';
  override readonly code = 100;
  constructor(message = 'Session expired') {
    super(message);
  }
}

/** Raised at boot when the set of modules cannot be loaded; always names the module and the reason. */
export class ModuleLoadError extends Error {
  override name = 'ModuleLoadError';
  constructor(readonly moduleName: string, reason: string) {
    super(`module '${moduleName}': ${reason}`);
  }
}
