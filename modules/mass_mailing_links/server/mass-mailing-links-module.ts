import { ContainerModule } from 'inversify';
import { bindContribution } from '../../../platform/kernel/contribution';
import { MailingClickRedirect } from '../../mass_mailing/server/mailing-click-redirect';
import { LinkTrackerClicks } from './link-tracker-clicks';

export const massMailingLinksModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, MailingClickRedirect, LinkTrackerClicks);
});
