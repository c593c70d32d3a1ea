import { inject, injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { WebsiteMenu } from './models/website-menu';
import { websitePageModel } from './models/website-page';
import { WebsiteShareCount } from './models/website-share-count';
import { WebsitePageVersion } from './models/website-page-version';
import { WebsiteTheme } from './models/website-theme';
import { WebsiteRedirect } from './models/website-redirect';
import { PageUrls } from './services/page-urls';
import { WebsitePageTerm } from './models/website-page-term';
import { PageTranslations } from './services/page-translations';

@injectable()
export class WebsiteModels implements ModelContribution {
  constructor(
    @inject(PageUrls) private readonly pageUrls: PageUrls,
    @inject(PageTranslations) private readonly translations: PageTranslations,
  ) {}

  models(): ModelDefinition[] {
    return [
      websitePageModel((env, ids) => this.pageUrls.check(env, ids), (record, env) => this.translations.status(env, record)),
      WebsitePageTerm, WebsiteMenu, WebsiteShareCount, WebsitePageVersion, WebsiteTheme, WebsiteRedirect,
    ];
  }
}
