import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';

const VIEWS = path.join(__dirname, '..', '..', 'web', 'backoffice');

/**
 * The Live Chat app of the back office (/web): the operators' console (opened first), then generic
 * views of the module's models, shown where the module is enabled, to the users who may read them.
 * The top-bar item is in every back-office tab: it keeps an operator online and counts unread lines.
 */
@injectable()
export class LivechatBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'livechat.app', name: 'Live Chat', sequence: 50 },
      { id: 'livechat.console', parent: 'livechat.app', name: 'Conversations', sequence: 5, groups: ['livechat.group_livechat_user'], action: { screen: 'livechat.console' } },
      { id: 'livechat.channels', parent: 'livechat.app', name: 'Channels', sequence: 10, action: { model: 'im_livechat.channel' } },
      { id: 'livechat.rules', parent: 'livechat.app', name: 'Rules', sequence: 15, action: { model: 'im_livechat.channel.rule', columns: ['regex_url', 'action', 'channel_id', 'sequence'] } },
      { id: 'livechat.sessions', parent: 'livechat.app', name: 'Sessions', sequence: 20, action: { model: 'mail.channel' } },
      { id: 'livechat.ratings', parent: 'livechat.app', name: 'Ratings', sequence: 25, groups: ['livechat.group_livechat_manager', 'base.group_system'], action: { screen: 'livechat.ratings' } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [
      { target: { screen: 'livechat.console' }, file: path.join(VIEWS, 'operator-console.tsx') },
      { target: { screen: 'livechat.ratings' }, file: path.join(VIEWS, 'ratings-report.tsx') },
      { target: { systray: 'livechat.presence' }, file: path.join(VIEWS, 'livechat-systray.tsx') },
    ];
  }
}
