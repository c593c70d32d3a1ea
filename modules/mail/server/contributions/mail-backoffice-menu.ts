import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';
import { MAIL_ADMIN_GROUPS } from '../services/mail-access';

const VIEWS = path.join(__dirname, '..', '..', 'web', 'backoffice');

/**
 * The Mail app of the back office, for mail administrators: the outbox (what waits), the mail log
 * (everything, with errors and a retry), the settings (senders, postal address, colour, test
 * message), and a banner on every screen while no SMTP server is configured.
 */
@injectable()
export class MailBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    const groups = MAIL_ADMIN_GROUPS;
    return [
      { id: 'mail.app', name: 'Mail', sequence: 90, groups },
      { id: 'mail.outbox', parent: 'mail.app', name: 'Outbox', sequence: 10, groups, action: { screen: 'mail.outbox' } },
      { id: 'mail.log', parent: 'mail.app', name: 'Mail log', sequence: 20, groups, action: { screen: 'mail.log' } },
      { id: 'mail.settings', parent: 'mail.app', name: 'Settings', sequence: 30, groups, action: { screen: 'mail.settings' } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [
      { target: { screen: 'mail.outbox' }, file: path.join(VIEWS, 'mail-outbox.tsx') },
      { target: { screen: 'mail.log' }, file: path.join(VIEWS, 'mail-log.tsx') },
      { target: { screen: 'mail.settings' }, file: path.join(VIEWS, 'mail-settings.tsx') },
      { target: { banner: 'mail.no-smtp' }, file: path.join(VIEWS, 'no-smtp-banner.tsx') },
    ];
  }
}
