import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ConfigParameters } from '@platform/base';
import { escapeHtml } from '@platform/common';
import { DatabaseToken } from '@platform/core';
import { MailQueues, type QueueRow, type QueuedMailSender } from '@platform/mail';
import type { Env } from '@platform/orm';
import { slideUrls } from '../../common/slide-constants';
import { SLIDE_MODEL } from '../models/slide-slide';
import { SlideAccess } from './slide-access';

const TABLE = 'slide_share_mail';

/**
 * Share by e-mail: the slide is checked with the sender's rights, then one row is queued in
 * slide_share_mail and sent through the platform's mail transport with a lease (a crash neither loses
 * nor doubles the mail; a 4xx reply is retried). Sharing kicks a drain at once.
 */
@injectable()
export class ShareMails {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
    @inject(SlideAccess) private readonly access: SlideAccess,
  ) {
    this.sender = queues.sender({ table: TABLE, label: 'slides: share mails', compose: (row) => this.compose(row) });
  }

  async share(env: Env, slideId: number, email: string, baseUrl: string): Promise<void> {
    await this.access.slideChannelId(env, slideId);
    const [user] = await env.sudo().model('res.users').read([env.uid], ['name']);
    const senderName = String(user?.name ?? '').slice(0, 128) || 'Someone';
    await env.db(TABLE).insert({ slide_id: slideId, sender_uid: env.uid, sender_name: senderName, email: email.trim(), base_url: baseUrl.replace(/\/+$/, '').slice(0, 512), state: 'pending', attempts: 0, next_attempt_at: 0 });
    void this.kick();
  }

  kick(): Promise<void> {
    return this.sender.kick();
  }

  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  private async compose(row: QueueRow) {
    const slide = await this.db('slide_slide').where({ id: row.slide_id as number }).first('id', 'name', 'slide_type', 'description');
    const sender = String(row.sender_name);
    const url = `${String(row.base_url)}${slideUrls.slide({ id: Number(slide.id), name: String(slide.name) })}`;
    const from = (await this.params.get('mail.default.from')) || 'noreply@localhost';
    const kind = String(slide.slide_type);
    const title = String(slide.name);
    return {
      from, to: String(row.email), subject: `${sender} shared a ${kind} with you!`, messageId: `<slide-share-${row.id}@site>`,
      text: `Hello,\n\n${sender} shared the ${kind} "${title}" with you:\n${url}\n`,
      html: `<p>Hello,</p><p>${escapeHtml(sender)} shared the ${escapeHtml(kind)} <strong>${escapeHtml(title)}</strong> with you.</p><p><a href="${escapeHtml(url)}">Open the ${escapeHtml(kind)}</a></p>`,
    };
  }
}
