import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
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
