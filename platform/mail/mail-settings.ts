/** How queues lease, retry and pace their work. Read from the environment (see README), with safe defaults. */
export interface MailQueueSettings {
  /** A claimed row belongs to its worker this long; renewed while the worker is alive. */
  leaseSeconds: number;
  /** First retry delay after a temporary failure; doubled at each attempt. */
  retryBaseSeconds: number;
  /** Attempts before a temporarily failing recipient is given up as failed. */
  maxAttempts: number;
  /** Messages handed to the transport at once (the SMTP pool queues them over its 5 connections). */
  concurrency: number;
  /** Rows claimed per round trip to the database. */
  batchSize: number;
}

export function mailQueueSettings(env: NodeJS.ProcessEnv = process.env): MailQueueSettings {
  const num = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got '${raw}'`);
    return n;
  };
  return {
    leaseSeconds: num('MAIL_LEASE_SECONDS', 60, 1),
    retryBaseSeconds: num('MAIL_RETRY_SECONDS', 60, 0),
    maxAttempts: num('MAIL_MAX_ATTEMPTS', 5, 1),
    concurrency: num('MAIL_CONCURRENCY', 50, 1),
    batchSize: num('MAIL_BATCH_SIZE', 500, 1),
  };
}

export const MailQueueSettingsToken = Symbol('MailQueueSettings');
