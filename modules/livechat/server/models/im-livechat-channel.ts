import { defineModel, type Env, fields } from '@platform/orm';

/** A live chat service: its operators, the texts of its window, and the rules deciding where it shows. */
export const ImLivechatChannel = defineModel({
  name: 'im_livechat.channel',
  description: 'Livechat Channel',
  order: 'name',
  fields: {
    name: fields.char({ required: true, string: 'Channel Name', size: 128 }),
    button_text: fields.char({ default: 'Chat with one of our collaborators', string: 'Text of the Button', size: 256 }),
    default_message: fields.char({ default: 'How may I help you?', string: 'Welcome Message', size: 1024 }),
    input_placeholder: fields.char({ default: 'Ask something ...', string: 'Chat Input Placeholder', size: 256 }),
    user_ids: fields.many2many('res.users', {
      string: 'Operators', relation: 'im_livechat_channel_im_user', column1: 'channel_id', column2: 'user_id',
      default: (env: Env) => (env.isSuperuser ? [] : [[6, 0, [env.uid]]]),
    }),
    rule_ids: fields.one2many('im_livechat.channel.rule', 'channel_id', { string: 'Rules' }),
    // The channel is public (the chat button reads it); the ids of its sessions are for internal users
    // (operators are internal users listed in user_ids, not necessarily in the live chat groups).
    channel_ids: fields.one2many('mail.channel', 'livechat_channel_id', { string: 'Sessions', groups: ['base.group_user'] }),
  },
});
