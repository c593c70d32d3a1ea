import { useBackoffice } from '@platform/web/backoffice/client';
import { MailLogList } from './mail-log-list';

/** The outbox: messages waiting to be sent (all of them while no SMTP server is configured). */
export default function MailOutboxScreen() {
  const { _t } = useBackoffice();
  return <MailLogList states={['outgoing']} title={_t('Outbox')} intro={_t('Messages waiting to be sent. Without a mail server (SMTP_URL) every message waits here; once one is configured, Retry sends them.')} />;
}
