import { useEffect, useState } from 'react';
import { rpc } from '@platform/web/client';
import { type BackofficeViewProps, useBackoffice } from '@platform/web/backoffice/client';

/** A menu entry of this user's back office, searched through the apps' children. */
function hasEntry(nodes: Array<{ id: string; children: unknown[] }>, id: string): boolean {
  return nodes.some((n) => n.id === id || hasEntry(n.children as typeof nodes, id));
}

/**
 * Above every back office screen, for mail administrators, while no SMTP server is configured: mails
 * are not sent but wait in the outbox, which the banner links to with their number.
 */
export default function NoSmtpBanner({ route }: BackofficeViewProps) {
  const { _t, data, navigate } = useBackoffice();
  const [status, setStatus] = useState<{ smtp: boolean; waiting: number } | null>(null);
  // Only those who have the Mail app (its entries are given to mail administrators only) ask.
  const mailAdmin = hasEntry(data.menu, 'mail.outbox');
  // Read again on each screen change: the count follows what was sent or retried meanwhile.
  useEffect(() => {
    if (mailAdmin) rpc<{ smtp: boolean; waiting: number }>('/mail/status', {}).then(setStatus, () => setStatus(null));
  }, [mailAdmin, route.menu, route.screen, route.model]);
  if (!status || status.smtp) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2 mail-no-smtp" role="status">
      <span className="me-auto">
        <strong>{_t('No mail server is configured.')}</strong> {_t('Mails are not sent: they wait in the outbox until SMTP_URL names a server.')}
        {' '}<span className="mail-waiting">{status.waiting}</span> {_t('waiting.')}
      </span>
      <a href="#menu=mail.outbox&screen=mail.outbox" className="btn btn-sm btn-outline-dark" onClick={(e) => { e.preventDefault(); navigate({ menu: 'mail.outbox', screen: 'mail.outbox' }); }}>{_t('Open the outbox')}</a>
    </div>
  );
}
