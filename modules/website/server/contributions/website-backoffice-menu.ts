import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';

/**
 * The Website app of the back office (/web): generic views of the module's models, shown where the
 * module is enabled, to the users who may read them.
 */
@injectable()
export class WebsiteBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'website.app', name: 'Website', sequence: 20 },
      { id: 'website.pages', parent: 'website.app', name: 'Pages', sequence: 10, action: { model: 'website.page' } },
      // What is left to translate, per page and language (texts of the layout without a translation).
      {
        id: 'website.translations', parent: 'website.app', name: 'Translations', sequence: 20, groups: ['website.group_website_publisher'],
        action: { model: 'website.page', columns: ['name', 'url', 'translation_status'] },
      },
    ];
  }
}
