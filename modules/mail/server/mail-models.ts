import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
import { MailOutbox } from './models/mail-outbox';

@injectable()
export class MailModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [MailOutbox];
  }
}
