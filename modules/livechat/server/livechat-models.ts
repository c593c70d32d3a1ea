import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
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
