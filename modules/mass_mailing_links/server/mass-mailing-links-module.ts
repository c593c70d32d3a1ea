import { ContainerModule } from 'inversify';
import { MailingClickRedirect } from '../../mass_mailing/server/mailing-click-redirect';
import { LinkTrackerClicks } from './link-tracker-clicks';

export const massMailingLinksModule = new ContainerModule(({ bind }) => {
  bind(LinkTrackerClicks).toSelf();
  bind(MailingClickRedirect).toService(LinkTrackerClicks);
});
