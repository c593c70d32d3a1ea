import type { Knex } from 'knex';
import { QueryCanceled } from '@platform/core/errors';
import { knexDialect } from './connection';

/**
 * A signal, or how to make it when it is first needed: a request that runs no transaction (a cached
 * page) then never allocates one, which showed at ~2% of the home page's CPU.
 */
export type AbortSource = AbortSignal | (() => AbortSignal);

/**
 * Runs `work` in transaction `trx`; when `signal` aborts meanwhile (the HTTP request is gone), the
 * PostgreSQL statement running on the transaction's connection is cancelled with pg_cancel_backend,
 * sent over a connection of its own (knex's cancelQuery: it works even when the pool is exhausted). The
 * statement fails with 57014 and the transaction rolls back, instead of holding a backend and a pool
 * slot for a client that will never read the answer.
 *
 * A cancel is awaited before `work`'s outcome is returned: the connection only goes back to the pool
 * once pg_cancel_backend has returned, so a cancel meant for this request can never reach the next
 * statement another request runs on the same connection. SQLite runs statements synchronously in
 * this process: nothing can be cancelled there (domain bounds keep its statements small).
 */
export async function cancelOnAbort<T>(trx: Knex.Transaction, source: AbortSource | undefined, work: () => Promise<T>): Promise<T> {
  if (!source || knexDialect(trx) !== 'postgres') return work();
  const signal = typeof source === 'function' ? source() : source;
  // Gone before anything ran: nothing to do for it (and nothing to roll back).
  if (signal.aborted) throw new QueryCanceled('The request was abandoned by its client');
  const client = trx.client as { acquireConnection(): Promise<unknown>; cancelQuery(connection: unknown): Promise<unknown> };
  const connection = await client.acquireConnection();
  let cancelling: Promise<unknown> | undefined;
  const cancel = () => {
    cancelling = client.cancelQuery(connection).catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await work();
  } finally {
    signal.removeEventListener('abort', cancel);
    await cancelling;
  }
}
