import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core/contribution';
import type { Knex } from 'knex';
import type { Config } from '@platform/core/config';
import { LifecycleContribution } from '@platform/core/lifecycle';
import { ModelContribution } from '@platform/orm/model-contribution';
import { ConfigToken, DatabaseToken } from '@platform/core/tokens';
import { MailQueueSettingsToken, mailQueueSettings } from '@platform/mail/mail-settings';
import { MailTransport } from '@platform/mail/mail-transport';
import { OutboxTransport } from './outbox-transport';
import { SmtpTransport } from '@platform/mail/smtp-transport';
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
