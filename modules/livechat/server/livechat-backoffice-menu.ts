import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web/backoffice/contribution-points';

/**
 * The Live Chat app of the back office (/web): generic views of the module's models, shown where the
 * module is enabled, to the users who may read them.
 */
@injectable()
export class LivechatBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'livechat.app', name: 'Live Chat', sequence: 50 },
      { id: 'livechat.channels', parent: 'livechat.app', name: 'Channels', sequence: 10, action: { model: 'im_livechat.channel' } },
      { id: 'livechat.rules', parent: 'livechat.app', name: 'Rules', sequence: 15, action: { model: 'im_livechat.channel.rule', columns: ['regex_url', 'action', 'channel_id', 'sequence'] } },
      { id: 'livechat.sessions', parent: 'livechat.app', name: 'Sessions', sequence: 20, action: { model: 'mail.channel' } },
    ];
  }
}
