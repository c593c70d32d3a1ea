import { QueryCanceled } from '@platform/core/errors';

/**
 * PostgreSQL error 57014 (query_canceled): the statement ran past statement_timeout, or was cancelled
 * by pg_cancel_backend because its HTTP request was gone.
 */
export function isQueryCanceled(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '57014';
}

/** What a request answers for a database error: a cancelled statement becomes a QueryCanceled. */
export function fromDatabaseError(err: unknown): unknown {
  return isQueryCanceled(err) ? new QueryCanceled() : err;
}
