import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'livechat',
  version: '1.0.0',
  displayName: 'Live Chat',
  color: '#0f6b5a',
  summary: 'Live chat: visitors chat with an available operator and rate the conversation',
  depends: ['bus', 'website_mail'],
  autoInstall: true,
  server: () => (require('./server/livechat-module') as typeof import('./server/livechat-module')).livechatModule,
  migrations: path.join(__dirname, 'migrations'),
  // Conversations are shown to their visitor and operators only, never on a cached public page: their
  // writes (a visitor's current page, each new line) must not empty the public page cache.
  unseenTables: ['mail_channel'],
  groups: [
    { id: 'livechat.group_livechat_user', name: 'Live Chat operator', implies: ['base.group_user'] },
    { id: 'livechat.group_livechat_manager', name: 'Live Chat manager', implies: ['livechat.group_livechat_user'] },
  ],
  access: [
    // Channels and rules are public (the button needs them); conversations go through the chat routes,
    // which check that the caller owns the session: through the ORM only managers reach conversations,
    // and internal users the lines of their own (rules below).
    { model: 'im_livechat.channel', read: true },
    { model: 'im_livechat.channel.rule', read: true },
    { model: 'im_livechat.channel', group: 'livechat.group_livechat_user', read: true, write: true },
    { model: 'im_livechat.channel', group: 'livechat.group_livechat_manager', read: true, write: true, create: true, unlink: true },
    { model: 'im_livechat.channel.rule', group: 'livechat.group_livechat_manager', read: true, write: true, create: true, unlink: true },
    { model: 'mail.channel', group: 'livechat.group_livechat_manager', read: true, write: true, create: true, unlink: true },
    { model: 'mail.message', group: 'livechat.group_livechat_manager', read: true },
    { model: 'rating.rating', group: 'livechat.group_livechat_manager', read: true },
    { model: 'im_livechat.channel', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'im_livechat.channel.rule', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
  ],
  // Chat lines and chat ratings (website_mail's models) are the conversation's: live chat managers read
  // them all, an internal user those of the conversations it takes part in, nobody else any.
  rules: [
    { name: 'mail.message: every chat line for managers', model: 'mail.message', groups: ['livechat.group_livechat_manager'], operations: ['read'], domain: [['channel_id', '!=', false]] },
    {
      name: 'mail.message: chat lines of own conversations', model: 'mail.message', groups: ['base.group_user'], operations: ['read'],
      domain: (c) => [['channel_id.channel_partner_ids', 'in', c.partnerId ? [c.partnerId] : []]],
    },
    { name: 'rating.rating: chat ratings for managers', model: 'rating.rating', groups: ['livechat.group_livechat_manager'], operations: ['read'], domain: [['res_model', '=', 'mail.channel']] },
  ],
  web: {
    islands: [
      path.join(__dirname, 'web/islands/visitor-chat.tsx'),
      path.join(__dirname, 'web/islands/operator-chats.tsx'),
    ],
    styles: [path.join(__dirname, 'web/livechat.css')],
  },
  demo: () => (require('./demo/livechat-demo') as typeof import('./demo/livechat-demo')).livechatDemo(),
});
