import { ContainerModule } from 'inversify';
import { bindContribution, type Config, ConfigToken, DatabaseToken, LifecycleContribution } from '@platform/core';
import type { Knex } from 'knex';
import { ModelContribution } from '@platform/orm';
import { mailQueueSettings, MailQueueSettingsToken, MailTransport, SmtpTransport } from '@platform/mail';
import { OutboxTransport } from './services/outbox-transport';
import { MailModels } from './mail-models';
import { TransportLifecycle } from './contributions/transport-lifecycle';

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
