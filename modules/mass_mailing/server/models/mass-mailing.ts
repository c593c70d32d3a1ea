import { ValidationError } from '@platform/core';
import { defineModel, type Env, fields } from '@platform/orm';
import { RECIPIENT_TABLE } from '../services/recipient-table';
import { isValidEmail, MAILING_MESSAGES, SUBJECT_MAX } from '../../common/mailing-schema';

export const MAILING_STATES = [['draft', 'Draft'], ['queued', 'Queued'], ['sending', 'Sending'], ['done', 'Sent']] as const;

/** A statistic of a mailing, counted over its recipient rows. */
function counter(string: string, where: (q: any) => unknown) {
  return fields.integer({
    string,
    compute: async (record: Record<string, unknown>, env: Env) => {
      const q = env.db(RECIPIENT_TABLE).where({ mailing_id: record.id });
      where(q);
      const row = await q.count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  });
}

/** A mailing: subject and body sent to the subscribers of its lists, with its delivery statistics. */
export const MassMailing = defineModel({
  name: 'mail.mass_mailing',
  description: 'Mass mailing',
  order: 'id desc',
  recName: 'subject',
  fields: {
    subject: fields.char({ required: true }),
    body_html: fields.html({ string: 'Body' }),
    email_from: fields.char({ string: 'From' }),
    // Links in the mail are built on this site's public base URL (SiteUrls). By default the site the
    // mailing is created on (the back office's, from the request's Host); the first site when there is
    // none (CLI, scripts).
    website_id: fields.many2one('website', {
      string: 'Website', ondelete: 'set null',
      default: async (env: Env) => env.user.siteId ?? (await env.sudo().model('website').search([], { order: 'id', limit: 1 }))[0] ?? false,
    }),
    mailing_list_ids: fields.many2many('mail.mass_mailing.list', {
      relation: 'mail_mass_mailing_list_rel', column1: 'mailing_id', column2: 'list_id', string: 'Mailing lists',
    }),
    // No ORM default: the column's default ('draft') applies, since the ORM refuses defaults on read-only fields.
    state: fields.selection(MAILING_STATES, { readonly: true }),
    sent_date: fields.datetime({ readonly: true }),
    total: counter('Recipients', () => undefined),
    pending: counter('Pending', (q) => q.whereIn('state', ['pending', 'sending'])),
    sent: counter('Sent', (q) => q.whereIn('state', ['sent', 'bounced', 'failed'])),
    delivered: counter('Delivered', (q) => q.where('state', 'sent')),
    bounced: counter('Bounced', (q) => q.where('state', 'bounced')),
    failed: counter('Failed', (q) => q.where('state', 'failed')),
    opened: counter('Opened', (q) => q.whereNotNull('opened_at')),
    clicked: counter('Clicked', (q) => q.whereNotNull('clicked_at')),
    unsubscribed: counter('Unsubscribed', (q) => q.whereNotNull('unsubscribed_at')),
  },
  constraints: [
    // Only a draft may change: once queued, recipients get what was queued, and a sent mailing stays the
    // copy of what went out (the composer shows it read-only; this holds for call_kw too). The sender
    // moves the state itself, outside the ORM.
    async (env, ids) => {
      const locked = await env.db('mail_mass_mailing').whereIn('id', ids).whereNot('state', 'draft').first('id');
      if (locked) throw new ValidationError('This mailing is no longer a draft: it cannot be changed.');
    },
    // The composer checks these by common/mailing-schema.ts before saving; call_kw is held to them too.
    async (env, ids) => {
      const rows = await env.db('mail_mass_mailing').whereIn('id', ids).select('subject', 'email_from');
      for (const row of rows) {
        if (String(row.subject ?? '').length > SUBJECT_MAX) throw new ValidationError(MAILING_MESSAGES.subjectTooLong);
        const from = String(row.email_from ?? '').trim();
        if (from && !isValidEmail(from)) throw new ValidationError(MAILING_MESSAGES.email);
      }
    },
  ],
});
