import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
import { MailingContact } from './models/mailing-contact';
import { MailingList } from './models/mailing-list';
import { MailingSubscription } from './models/mailing-subscription';
import { MassMailing } from './models/mass-mailing';

@injectable()
export class MassMailingModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [MailingList, MailingContact, MailingSubscription, MassMailing];
  }
}
