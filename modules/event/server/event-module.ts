import { ContainerModule } from 'inversify';
import { bindContribution, bindContributionProvider, LifecycleContribution } from '@platform/core';
import { RouteContribution } from '@platform/http';
import { JobContribution } from '@platform/jobs';
import { ModelContribution } from '@platform/orm';
import { BackofficeMenuContribution } from '@platform/web';
import { EventBackofficeMenu } from './contributions/backoffice-menu';
import { RegistrationMailJobs } from './contributions/registration-mail-jobs';
import { RegistrationMailLifecycle } from './contributions/registration-mail-lifecycle';
import { EventModels } from './event-models';
import { EventPageRoutes } from './routes/event-page-routes';
import { RegistrationRoutes } from './routes/registration-routes';
import { TrackRoutes } from './routes/track-routes';
import { EventCatalog } from './services/event-catalog';
import { EventListing } from './services/event-listing';
import { EventRegistrations } from './services/event-registrations';
import { EventTracks } from './services/event-tracks';
import { RegistrationMails } from './services/registration-mails';
import { RegistrationTokens } from './services/registration-tokens';
import { TicketSaleContribution } from './services/ticket-sale-point';

export const eventModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, EventModels);
  bindContributionProvider(bind, TicketSaleContribution);
  bind(EventCatalog).toSelf().inSingletonScope();
  bind(EventListing).toSelf().inSingletonScope();
  bind(RegistrationTokens).toSelf().inSingletonScope();
  bind(RegistrationMails).toSelf().inSingletonScope();
  bind(EventRegistrations).toSelf().inSingletonScope();
  bind(EventTracks).toSelf().inSingletonScope();
  // Track routes first: `/event/:slug/track...` before nothing shadows them; the list's fixed paths before `/event/:slug`.
  bindContribution(bind, RouteContribution, RegistrationRoutes);
  bindContribution(bind, RouteContribution, TrackRoutes);
  bindContribution(bind, RouteContribution, EventPageRoutes);
  bindContribution(bind, BackofficeMenuContribution, EventBackofficeMenu);
  bindContribution(bind, JobContribution, RegistrationMailJobs);
  bindContribution(bind, LifecycleContribution, RegistrationMailLifecycle);
});
