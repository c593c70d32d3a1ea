import { type DataRecord, ref } from '@platform/core';

/** A live chat channel (the first, id 1) answered by the administrator, with its button on every page. */
export function livechatDemo(): DataRecord[] {
  return [
    {
      id: 'livechat.channel_website', model: 'im_livechat.channel',
      values: { name: 'YourWebsite.com', user_ids: [[6, 0, [ref('base.user_admin')]]] },
    },
    {
      id: 'livechat.rule_display_button', model: 'im_livechat.channel.rule',
      values: { channel_id: ref('livechat.channel_website'), action: 'display_button', regex_url: '', sequence: 10 },
    },
  ];
}
