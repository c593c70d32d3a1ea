import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { MailOutbox } from './models/mail-outbox';

@injectable()
export class MailModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [MailOutbox];
  }
}
