import { useBackoffice } from '@platform/web/backoffice/client';
import { MailLogList } from './mail-log-list';

/** Every message the site sent or tried to send, with the mail server's error when it failed. */
export default function MailLogScreen() {
  const { _t } = useBackoffice();
  return <MailLogList states={null} title={_t('Mail log')} intro={_t('Every message the site sent or tried to send. A failed message shows the mail server\'s answer; Retry sends it again.')} />;
}
