import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { bindContribution, type Config, ConfigToken, DatabaseToken, LifecycleContribution, LoggerToken } from '@platform/core';
import type { Knex } from 'knex';
import { RouteContribution } from '@platform/http';
import { ModelContribution } from '@platform/orm';
import { MailQueues, mailQueueSettings, MailQueueSettingsToken, MailTransport, SmtpTransport } from '@platform/mail';
import { BackofficeMenuContribution, BackofficeViewContribution } from '@platform/web';
import { OutboxTransport } from './services/outbox-transport';
import { LoggedTransport } from './services/logged-transport';
import { MailLog } from './services/mail-log';
import { MailSenders } from './services/mail-senders';
import { MailModels } from './mail-models';
import { TransportLifecycle } from './contributions/transport-lifecycle';
import { MailBackofficeMenu } from './contributions/mail-backoffice-menu';
import { MailRoutes } from './routes/mail-routes';

export const mailModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, MailModels);
  // SMTP when SMTP_URL is set (each message recorded in the mail log), else the outbox (the log's
  // waiting rows): senders only ever see a MailTransport.
  bind(MailTransport).toDynamicValue((ctx) => {
    const config = ctx.get<Config>(ConfigToken);
    const db = ctx.get<Knex>(DatabaseToken);
    return new LoggedTransport(config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new OutboxTransport(db), db, ctx.get<Logger>(LoggerToken));
  });
  bind(MailQueueSettingsToken).toDynamicValue(() => mailQueueSettings());
  bind(MailQueues).toSelf().inSingletonScope();
  bind(MailSenders).toSelf();
  bind(MailLog).toSelf();
  bindContribution(bind, LifecycleContribution, TransportLifecycle);
  bindContribution(bind, RouteContribution, MailRoutes);
  bindContribution(bind, [BackofficeMenuContribution, BackofficeViewContribution], MailBackofficeMenu);
});
