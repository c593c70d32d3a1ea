import { useEffect, useState } from 'react';
import { rpc } from '@platform/web/client';
import { sharedBus } from '@platform/web/client/bus';

/** The counters of a mailing, as `/mass_mailing/statistics` and the bus give them. */
export interface MailingStatistics {
  state: string;
  total: number;
  pending: number;
  sent: number;
  delivered: number;
  bounced: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
}

/** Share of the recipients handled (sent, bounced or failed): 100 once nobody is left. */
export function percentDone(s: MailingStatistics): number {
  return s.total ? Math.floor(((s.total - s.pending) / s.total) * 100) : s.state === 'done' ? 100 : 0;
}

/**
 * A mailing's counters, read once and then followed on its bus channel while it is queued or sending,
 * so a screen opened (or reloaded) in the middle of a sending shows where it is and moves on.
 */
export function useMailingStatistics(mailingId: number | undefined, reloadKey: unknown): [MailingStatistics | null, (s: MailingStatistics) => void] {
  const [stats, setStats] = useState<MailingStatistics | null>(null);
  useEffect(() => {
    if (!mailingId) return undefined;
    let stop = false;
    const channel = `mass_mailing.mailing:${mailingId}`;
    const bus = sharedBus();
    bus.addChannel(channel);
    const off = bus.onNotification((notifications) => {
      for (const n of notifications) {
        const m = n.message as { type?: string; mailing_id?: number; statistics?: MailingStatistics };
        if (n.channel === channel && m?.type === 'mass_mailing.progress' && m.statistics && !stop) setStats(m.statistics);
      }
    });
    // Listening first, then reading: an update published in between is not lost.
    void rpc<MailingStatistics>('/mass_mailing/statistics', { mailing_id: mailingId }).then((s) => {
      if (!stop) setStats((current) => (current && current.total - current.pending > s.total - s.pending ? current : s));
    }, () => undefined);
    return () => {
      stop = true;
      off();
      bus.removeChannel(channel);
    };
  }, [mailingId, reloadKey]);
  return [stats, setStats];
}
