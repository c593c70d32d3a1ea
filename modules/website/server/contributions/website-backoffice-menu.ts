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
        id: 'website.translations', parent: 'website.app', name: 'Translations', sequence: 40, groups: ['website.group_website_publisher'],
        action: { model: 'website.page', columns: ['name', 'url', 'translation_status'] },
      },
      { id: 'website.menus', parent: 'website.app', name: 'Menu', sequence: 20, action: { model: 'website.menu', columns: ['name', 'url', 'page_id', 'parent_id', 'is_visible', 'sequence', 'website_id'] } },
      { id: 'website.redirects', parent: 'website.app', name: 'Redirects', sequence: 30, action: { model: 'website.redirect', columns: ['url_from', 'url_to', 'redirect_type', 'hits', 'website_id'] } },
    ];
  }
}
