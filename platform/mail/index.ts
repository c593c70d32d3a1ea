/* The face of platform/mail: the outgoing transport, its settings, and the leased queue modules build senders on. */
export * from './mail-transport';
export * from './mail-settings';
export * from './queue-columns';
export * from './leased-queue';
export * from './queued-mail-sender';
export * from './mail-queues';
export { drainQueue, type DrainOptions, type DrainReport } from './queue-worker';
export { SmtpTransport, SMTP_POOL_OPTIONS } from './smtp-transport';
