import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ConfigParameters } from '@platform/base';
import { escapeHtml, utcText } from '@platform/common';
import { DatabaseToken } from '@platform/core';
import { MailQueues, type OutgoingMail, type QueueRow, type QueuedMailSender } from '@platform/mail';
import type { Env } from '@platform/orm';
import { longDate } from '../../common/event-dates';
import { cancelUrl, eventUrls } from '../../common/event-urls';
import { eventIcs } from './event-ics';
import { RegistrationTokens } from './registration-tokens';

const TABLE = 'event_registration_mail';

/**
 * The confirmation mail of each attendee: a queue row written in the registration's transaction, sent
 * by a LeasedQueue (a crash neither loses nor doubles a mail; 4xx replies are retried), with the event
 * as an .ics attachment and a signed link that cancels the registration.
 */
@injectable()
export class RegistrationMails {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(RegistrationTokens) private readonly tokens: RegistrationTokens,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
  ) {
    this.sender = queues.sender({ table: TABLE, label: 'event: confirmation mails', compose: (row) => this.compose(row) });
  }

  /** Queues one mail per registration, in the caller's transaction (`env`). */
  async enqueue(env: Env, registrationIds: number[], baseUrl: string): Promise<void> {
    if (!registrationIds.length) return;
    await env.db(TABLE).insert(registrationIds.map((id) => ({ registration_id: id, base_url: baseUrl.replace(/\/+$/, '').slice(0, 512), state: 'pending', attempts: 0, next_attempt_at: 0 })));
  }

  /** Sends what is due now (after the registering transaction committed). */
  kick(): Promise<void> {
    return this.sender.kick();
  }

  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  /** The mail of a queued row, or null when its registration is no longer confirmed (cancelled meanwhile). */
  async compose(row: QueueRow): Promise<OutgoingMail | null> {
    const r = await this.db('event_registration as r').join('event_event as e', 'e.id', 'r.event_id').leftJoin('event_event_ticket as t', 't.id', 'r.event_ticket_id')
      .where('r.id', Number(row.registration_id))
      .first('r.id', 'r.name', 'r.email', 'r.state', 'e.id as event_id', 'e.name as event_name', 'e.date_begin', 'e.date_end', 'e.date_tz', 'e.address_name', 'e.street', 'e.zip', 'e.city', 'e.organizer_email', 't.name as ticket');
    if (!r || !['open', 'done'].includes(String(r.state))) return null;
    const base = String(row.base_url);
    const urls = eventUrls({ id: Number(r.event_id), name: String(r.event_name) });
    const cancel = `${base}${cancelUrl(Number(r.id), await this.tokens.sign(Number(r.id)))}`;
    const place = [r.address_name, r.street, [r.zip, r.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    const when = `${longDate(dbText(r.date_begin), String(r.date_tz))} (${String(r.date_tz)})`;
    const from = (await this.params.get('mail.default.from')) || 'noreply@localhost';
    const name = String(r.event_name);
    const ics = eventIcs({
      id: Number(r.event_id), name, begin: dbText(r.date_begin), end: dbText(r.date_end), location: place, url: `${base}${urls.page}`,
      organizerEmail: r.organizer_email ? String(r.organizer_email) : null, host: hostOf(base),
    }, utcText());
    return {
      from, to: String(r.email), subject: `Your registration: ${name}`, messageId: `<event-registration-${row.id}@site>`,
      text: `Hello ${String(r.name)},\n\nYour registration for ${name} is confirmed${r.ticket ? ` (${String(r.ticket)})` : ''}.\nWhen: ${when}\n${place ? `Where: ${place}\n` : ''}\nThe event is attached: open it to add it to your calendar.\nEvent page: ${base}${urls.page}\n\nCannot come? Cancel your registration (the seat goes to someone else): ${cancel}\n`,
      html: `<p>Hello ${escapeHtml(String(r.name))},</p><p>Your registration for <strong>${escapeHtml(name)}</strong> is confirmed${r.ticket ? ` (${escapeHtml(String(r.ticket))})` : ''}.</p>`
        + `<p>When: ${escapeHtml(when)}${place ? `<br>Where: ${escapeHtml(place)}` : ''}</p><p>The event is attached: open it to add it to your calendar. <a href="${escapeHtml(`${base}${urls.page}`)}">See the event</a></p>`
        + `<p>Cannot come? <a href="${escapeHtml(cancel)}">Cancel your registration</a> and the seat goes to someone else.</p>`,
      attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
    };
  }
}

/** A datetime column as UTC text, whichever the driver gave (a Date from pg, text from SQLite). */
export function dbText(v: unknown): string {
  return v instanceof Date ? utcText(v) : String(v).replace('T', ' ').slice(0, 19);
}
const hostOf = (base: string) => { try { return new URL(base).host || 'site'; } catch { return 'site'; } };
