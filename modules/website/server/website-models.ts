import { inject, injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { WebsiteMenu } from './models/website-menu';
import { websitePageModel } from './models/website-page';
import { WebsiteShareCount } from './models/website-share-count';
import { WebsiteRedirect } from './models/website-redirect';
import { PageUrls } from './services/page-urls';

@injectable()
export class WebsiteModels implements ModelContribution {
  constructor(@inject(PageUrls) private readonly pageUrls: PageUrls) {}

  models(): ModelDefinition[] {
    return [websitePageModel((env, ids) => this.pageUrls.check(env, ids)), WebsiteMenu, WebsiteShareCount, WebsiteRedirect];
  }
}
