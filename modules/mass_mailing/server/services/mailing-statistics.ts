/** The counters of a mailing, as stored on it: what the sender updates and its progress reports. */
export const STATISTICS = ['total', 'pending', 'sent', 'delivered', 'bounced', 'failed', 'opened', 'clicked', 'unsubscribed'] as const;
export type MailingStatistics = Record<(typeof STATISTICS)[number], number> & { state: string };
