import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web/backoffice/contribution-points';

/**
 * The Newsletter app of the back office (/web): generic views of the module's models, shown where the
 * module is enabled, to the users who may read them.
 */
@injectable()
export class NewsletterBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'mass_mailing.app', name: 'Newsletter', sequence: 30 },
      { id: 'mass_mailing.mailings', parent: 'mass_mailing.app', name: 'Mailings', sequence: 10, action: { model: 'mail.mass_mailing' } },
      { id: 'mass_mailing.lists', parent: 'mass_mailing.app', name: 'Mailing lists', sequence: 20, action: { model: 'mail.mass_mailing.list' } },
      { id: 'mass_mailing.contacts', parent: 'mass_mailing.app', name: 'Contacts', sequence: 30, action: { model: 'mail.mass_mailing.contact' } },
    ];
  }
}
