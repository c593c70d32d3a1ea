import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
import { WebsitePage } from './models/website-page';
import { WebsiteShareCount } from './models/website-share-count';

@injectable()
export class WebsiteModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [WebsitePage, WebsiteShareCount];
  }
}
