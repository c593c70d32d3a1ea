import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { WebsiteFormBlock, WebsiteFormBlockField } from './models/website-form-block';
import { WebsiteFormLead } from './models/website-form-lead';
import { WebsiteFormModel } from './models/website-form-model';

@injectable()
export class WebsiteFormModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [WebsiteFormModel, WebsiteFormLead, WebsiteFormBlock, WebsiteFormBlockField];
  }
}
