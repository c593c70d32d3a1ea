import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { ImLivechatChannel } from './models/im-livechat-channel';
import { ImLivechatChannelRule } from './models/im-livechat-channel-rule';
import { MailChannel } from './models/mail-channel';
import { MailMessageChat } from './models/mail-message';

@injectable()
export class LivechatModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [ImLivechatChannel, ImLivechatChannelRule, MailChannel, MailMessageChat];
  }
}
