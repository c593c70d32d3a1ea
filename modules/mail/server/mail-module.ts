import { ContainerModule } from 'inversify';
import { bindContribution } from '../../../platform/kernel/contribution';
import type { Knex } from 'knex';
import type { Config } from '../../../platform/kernel/config';
import { LifecycleContribution, ModelContribution } from '../../../platform/kernel/contribution-points';
import { ConfigToken, DatabaseToken } from '../../../platform/kernel/tokens';
import { MailQueueSettingsToken, mailQueueSettings } from '../../../platform/mail/mail-settings';
import { MailTransport } from '../../../platform/mail/mail-transport';
import { OutboxTransport } from '../../../platform/mail/outbox-transport';
import { SmtpTransport } from '../../../platform/mail/smtp-transport';
import { MailModels } from './mail-models';
import { TransportLifecycle } from './transport-lifecycle';

export const mailModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, MailModels);
  // SMTP when SMTP_URL is set, else the outbox: senders only ever see a MailTransport.
  bind(MailTransport).toDynamicValue((ctx) => {
    const config = ctx.get<Config>(ConfigToken);
    return config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new OutboxTransport(ctx.get<Knex>(DatabaseToken));
  });
  bind(MailQueueSettingsToken).toDynamicValue(() => mailQueueSettings());
  bindContribution(bind, LifecycleContribution, TransportLifecycle);
});
