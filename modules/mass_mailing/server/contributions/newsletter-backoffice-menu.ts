import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';
import { NEWSLETTER_USER } from '../services/newsletter-access';

const GROUPS = [NEWSLETTER_USER];
const VIEWS = path.join(__dirname, '..', '..', 'web', 'backoffice');

/**
 * The Newsletter app of the back office (/web), for newsletter users, where the module is enabled:
 * mailings open in the composer (editor, preview, test, send with live progress, statistics), lists in
 * their form with the CSV import of contacts; contacts keep the generic views.
 */
@injectable()
export class NewsletterBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'mass_mailing.app', name: 'Newsletter', sequence: 30, groups: GROUPS },
      {
        id: 'mass_mailing.mailings', parent: 'mass_mailing.app', name: 'Mailings', sequence: 10, groups: GROUPS,
        action: { model: 'mail.mass_mailing', columns: ['subject', 'state', 'sent_date', 'total', 'delivered', 'opened'] },
      },
      {
        id: 'mass_mailing.lists', parent: 'mass_mailing.app', name: 'Mailing lists', sequence: 20, groups: GROUPS,
        action: { model: 'mail.mass_mailing.list', columns: ['name', 'contact_nbr', 'active'] },
      },
      { id: 'mass_mailing.contacts', parent: 'mass_mailing.app', name: 'Contacts', sequence: 30, groups: GROUPS, action: { model: 'mail.mass_mailing.contact', columns: ['email', 'name'] } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [
      { target: { model: 'mail.mass_mailing', view: 'form' }, file: path.join(VIEWS, 'mailing-composer.tsx') },
      { target: { model: 'mail.mass_mailing.list', view: 'form' }, file: path.join(VIEWS, 'mailing-list-form.tsx') },
    ];
  }
}
