import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { deliveryError, type MailTransport, type OutgoingMail, type SentMail } from '@platform/mail';
import { nowUtc } from '@platform/orm';
import { logRow } from './outbox-transport';

/** Sent messages are written to the log in batches: a mailing's 10,000 sends cost ~50 writes, not 10,000. */
const BATCH = 200;
const FLUSH_MS = 200;
const INSERT_CHUNK = 50;

/**
 * The transport senders get (MailTransport): the SMTP transport, each message recorded in the mail log
 * as sent or failed (with the server's error), keyed by its Message-ID so the queues' own retries of a
 * message update one row. Failures are written at once (a retry needs them); successes are batched.
 * Without SMTP the outbox transport is the log itself (rows wait as `outgoing`).
 */
export class LoggedTransport implements MailTransport {
  readonly kind: MailTransport['kind'];
  private pending: OutgoingMail[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(readonly inner: MailTransport, private readonly db: Knex, private readonly logger: Logger) {
    this.kind = inner.kind;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    if (this.inner.kind === 'outbox') return this.inner.send(mail);
    let sent: SentMail;
    try {
      sent = await this.inner.send(mail);
    } catch (err) {
      const failure = deliveryError(err);
      await this.record(mail, 'exception', failure.message).catch((e) => this.logger.error({ err: e }, 'mail: the log could not record a failure'));
      throw failure;
    }
    this.pending.push(mail);
    if (this.pending.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    return sent;
  }

  /** Sends and records the outcome before answering (a retry from the log reports what it wrote). */
  async deliver(mail: OutgoingMail): Promise<SentMail> {
    if (this.inner.kind === 'outbox') return this.inner.send(mail);
    try {
      const sent = await this.inner.send(mail);
      await this.record(mail, 'sent', null);
      return sent;
    } catch (err) {
      const failure = deliveryError(err);
      await this.record(mail, 'exception', failure.message);
      throw failure;
    }
  }

  /** Writes the batched successes (also when the process stops). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0);
    if (!batch.length) return this.flushing;
    this.flushing = this.flushing.then(() => this.writeSent(batch)).catch((err) => this.logger.error({ err }, 'mail: the log could not record sent messages'));
    return this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.inner.close();
  }

  private async writeSent(batch: OutgoingMail[]): Promise<void> {
    const ids = batch.map((m) => m.messageId);
    const known = new Set((await this.db('mail_outbox').whereIn('message_id', ids).pluck('message_id')).map(String));
    if (known.size) {
      await this.db('mail_outbox').whereIn('message_id', [...known]).update({ state: 'sent', error: null, sent_date: nowUtc(), write_date: nowUtc() });
    }
    const fresh = batch.filter((m) => !known.has(m.messageId)).map((m) => logRow(m, 'sent'));
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) await this.db('mail_outbox').insert(fresh.slice(i, i + INSERT_CHUNK));
  }

  /** One message's outcome: the row of its Message-ID updated (a retry), else a new row. */
  private async record(mail: OutgoingMail, state: 'sent' | 'exception', error: string | null): Promise<void> {
    const now = nowUtc();
    const updated = await this.db('mail_outbox').where({ message_id: mail.messageId }).update({
      state, error, write_date: now, attempts: this.db.raw('attempts + 1'), ...(state === 'sent' ? { sent_date: now } : {}),
    });
    if (!updated) await this.db('mail_outbox').insert(logRow(mail, state, error));
  }
}
