import { defineModel, fields } from '@platform/orm';

export const RULE_ACTIONS = [['display_button', 'Display the button'], ['auto_popup', 'Auto popup'], ['hide_button', 'Hide the button']] as const;

/** Where and how the chat button shows: first rule (by sequence) whose URL regex and countries match. */
export const ImLivechatChannelRule = defineModel({
  name: 'im_livechat.channel.rule',
  description: 'Livechat Channel Rules',
  order: 'sequence, id',
  recName: 'regex_url',
  fields: {
    regex_url: fields.char({ string: 'URL Regex', size: 512 }),
    action: fields.selection(RULE_ACTIONS, { required: true, default: 'display_button', string: 'Action' }),
    auto_popup_timer: fields.integer({ default: 0, string: 'Auto popup timer' }),
    channel_id: fields.many2one('im_livechat.channel', { string: 'Channel', ondelete: 'cascade' }),
    country_ids: fields.many2many('res.country', { string: 'Country', relation: 'im_livechat_channel_country_rel', column1: 'channel_id', column2: 'country_id' }),
    sequence: fields.integer({ default: 10, string: 'Matching order' }),
  },
});
