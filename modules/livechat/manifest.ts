import path from 'node:path';
import { defineManifest } from '../../platform/kernel/manifest';

export default defineManifest({
  name: 'livechat',
  version: '1.0.0',
  summary: 'Live chat: visitors chat with an available operator and rate the conversation',
  depends: ['bus', 'website_mail'],
  autoInstall: true,
  server: () => (require('./server/livechat-module') as typeof import('./server/livechat-module')).livechatModule,
  migrations: path.join(__dirname, 'migrations'),
  groups: [
    { id: 'livechat.group_livechat_user', name: 'Live Chat operator', implies: ['base.group_user'] },
    { id: 'livechat.group_livechat_manager', name: 'Live Chat manager', implies: ['livechat.group_livechat_user'] },
  ],
  access: [
    // Channels and rules are public (the button needs them); conversations go through the chat routes,
    // which check that the caller owns the session, so only managers reach them through the ORM.
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
  web: {
    islands: [
      path.join(__dirname, 'web/islands/visitor-chat.tsx'),
      path.join(__dirname, 'web/islands/operator-chats.tsx'),
    ],
    styles: [path.join(__dirname, 'web/livechat.css')],
  },
  demo: () => (require('./demo/livechat-demo') as typeof import('./demo/livechat-demo')).livechatDemo(),
});
