import { injectable } from 'inversify';
import type { ModelContribution } from '../../../platform/kernel/contribution-points';
import type { ModelDefinition } from '../../../platform/orm/model-definition';
import { WebsitePage } from './models/website-page';

@injectable()
export class WebsiteModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [WebsitePage];
  }
}
