import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web/backoffice/contribution-points';

const ADMINS = ['base.group_system'];
const VIEWS = path.join(__dirname, '..', 'web', 'backoffice');

/** Contacts, and the Settings app: apps and sites, users and groups (administrators). */
@injectable()
export class BaseBackoffice implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'base.contacts', name: 'Contacts', sequence: 10, action: { model: 'res.partner', columns: ['name', 'email', 'phone', 'city', 'country_id'] } },
      { id: 'base.settings', name: 'Settings', sequence: 1000, groups: ADMINS },
      { id: 'base.apps', parent: 'base.settings', name: 'Apps', sequence: 10, groups: ADMINS, action: { screen: 'apps' } },
      { id: 'base.sites', parent: 'base.settings', name: 'Sites', sequence: 20, groups: ADMINS, action: { model: 'website', columns: ['name', 'domain', 'base_url', 'default_lang_id'] } },
      { id: 'base.users', parent: 'base.settings', name: 'Users', sequence: 30, groups: ADMINS, action: { model: 'res.users', columns: ['name', 'login', 'email', 'active', 'share'] } },
      { id: 'base.groups', parent: 'base.settings', name: 'Groups', sequence: 40, groups: ADMINS, action: { model: 'res.groups' } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [
      { target: { screen: 'apps' }, file: path.join(VIEWS, 'apps-screen.tsx') },
      { target: { model: 'res.users', view: 'form' }, file: path.join(VIEWS, 'user-form.tsx') },
    ];
  }
}
