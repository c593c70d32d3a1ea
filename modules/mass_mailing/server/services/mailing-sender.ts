import { inject, injectable } from 'inversify';
import { ConfigParameters, SiteUrls } from '@platform/base';
import type { Knex } from 'knex';
import { type Config, ConfigToken, DatabaseToken, MissingError, UserError, ValidationError } from '@platform/core';
import { deliveryError, drainQueue, type DrainReport, LeasedQueue, type MailQueueSettings, MailQueueSettingsToken, MailTransport } from '@platform/mail';
import { type Env, nowUtc } from '@platform/orm';
import { MailSenders } from '@modules/mail';
import { isValidEmail, normalizeEmail } from './email-address';
import { MailingComposer } from './mailing-composer';
import { MailingProgress } from './mailing-progress';
import { readStatistics, type MailingStatistics } from './mailing-statistics';
import { MailingTokens } from './mailing-tokens';
import { RECIPIENT_TABLE } from './recipient-table';

export { STATISTICS, type MailingStatistics } from './mailing-statistics';

export interface SendOptions {
  /** Wait for recipients scheduled for a retry instead of returning (the CLI waits, the job does not). */
  waitForRetries?: boolean;
  onProgress?(stats: MailingStatistics): void;
  signal?: AbortSignal;
}

/**
 * Queues a mailing (one row per subscribed recipient) and sends it through the mail transport. Rows are
 * claimed with a lease, so the scheduled job, the CLI and a restarted process can all work on the same
 * mailing: each recipient is sent once, and a crashed worker's rows come back when its lease expires.
 */
@injectable()
export class MailingSender {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(ConfigToken) private readonly config: Config,
    @inject(MailTransport) private readonly transport: MailTransport,
    @inject(MailQueueSettingsToken) private readonly settings: MailQueueSettings,
    @inject(MailingTokens) private readonly tokens: MailingTokens,
    @inject(SiteUrls) private readonly urls: SiteUrls,
    @inject(ConfigParameters) private readonly parameters: ConfigParameters,
    @inject(MailingProgress) private readonly progress: MailingProgress,
    @inject(MailSenders) private readonly senders: MailSenders,
  ) {}

  /** Creates the recipient rows of a draft mailing and marks it queued; queueing again adds nobody twice. */
  async queue(env: Env, mailingId: number): Promise<number> {
    return env.sudo().transaction(async (tx) => {
      const mailing = await this.mailingRow(tx, mailingId);
      if (mailing.state === 'done') throw new UserError('This mailing has already been sent.');
      // Anti-spam laws (CAN-SPAM, the EU's e-privacy rules) want the sender's postal address in every mailing.
      const branding = await this.senders.branding(tx, mailing.website_id ? Number(mailing.website_id) : await firstSiteId(tx));
      if (!branding.postalAddress) throw new ValidationError('Add the site\'s postal address in the Mail settings before sending: every mailing shows it in its footer, as anti-spam laws require.');
      const lists = await tx.db('mail_mass_mailing_list_rel').where({ mailing_id: mailingId }).pluck('list_id');
      if (!lists.length) throw new ValidationError('Pick at least one mailing list before sending.');
      const [no, yes] = tx.dialect === 'sqlite' ? [0, 1] : [false, true];
      // Confirmed subscriptions only: nobody gets a mailing for an address a visitor typed until its owner confirmed.
      await tx.db.raw(
        `INSERT INTO ${RECIPIENT_TABLE} (mailing_id, contact_id, email, state, attempts, next_attempt_at)
         SELECT ?, c.id, c.email, 'pending', 0, 0 FROM mail_mass_mailing_contact c
         WHERE EXISTS (SELECT 1 FROM mail_mass_mailing_subscription s
                       JOIN mail_mass_mailing_list_rel r ON r.list_id = s.list_id AND r.mailing_id = ?
                       JOIN mail_mass_mailing_list l ON l.id = s.list_id
                       WHERE s.contact_id = c.id AND (s.opt_out IS NULL OR s.opt_out = ?) AND s.confirmed = ?)
           AND NOT EXISTS (SELECT 1 FROM ${RECIPIENT_TABLE} x WHERE x.mailing_id = ? AND x.email = c.email)`,
        [mailingId, mailingId, no, yes, mailingId],
      );
      const total = Number((await tx.db(RECIPIENT_TABLE).where({ mailing_id: mailingId }).count({ n: '*' }).first())?.n ?? 0);
      if (!total) throw new UserError('The selected mailing lists have no subscribers.');
      if (mailing.state === 'draft') await tx.db('mail_mass_mailing').where({ id: mailingId }).update({ state: 'queued', write_date: nowUtc() });
      return total;
    }).then(async (total) => {
      // Announced once committed: a listener reading the counters then sees the rows.
      await this.progress.publish(mailingId, await this.statistics(env.sudo(), mailingId), true);
      return total;
    });
  }

  /** Sends the due recipients of a queued mailing; marks it done once nobody is left to send to. */
  async send(env: Env, mailingId: number, opts: SendOptions = {}): Promise<DrainReport> {
    const sudo = env.sudo();
    const mailing = await this.mailingRow(sudo, mailingId);
    if (mailing.state === 'draft') throw new UserError('Queue the mailing before sending it.');
    const composer = await this.composer(sudo, mailing);
    const queue = new LeasedQueue(this.db, RECIPIENT_TABLE, this.settings);
    if (mailing.state === 'queued') await sudo.db('mail_mass_mailing').where({ id: mailingId, state: 'queued' }).update({ state: 'sending' });
    // Whoever sends (this call, the job, the CLI, another process) publishes the progress on the bus.
    const stopFollowing = this.progress.follow(mailingId, () => this.statistics(sudo, mailingId));
    const report = await drainQueue({
      queue, scope: { mailing_id: mailingId }, transport: this.transport,
      compose: (row) => composer.compose(row),
      onBatch: opts.onProgress ? async () => opts.onProgress!(await this.statistics(sudo, mailingId)) : undefined,
      waitForRetries: opts.waitForRetries, signal: opts.signal,
    }).finally(stopFollowing);
    if ((await queue.nextDue({ mailing_id: mailingId })) === null) {
      await sudo.db('mail_mass_mailing').where({ id: mailingId }).whereNot({ state: 'done' }).update({ state: 'done', sent_date: nowUtc() });
    }
    const stats = await this.statistics(sudo, mailingId);
    opts.onProgress?.(stats);
    await this.progress.publish(mailingId, stats, true);
    return report;
  }

  /**
   * Sends every queued or sending mailing's due recipients (the scheduled job). Once `stopping` is
   * aborted no new recipient is claimed; those claimed are sent and recorded, the rest wait for the
   * next run (of this process or another).
   */
  async sendDue(env: Env, stopping?: AbortSignal): Promise<void> {
    const ids = await env.db('mail_mass_mailing').whereIn('state', ['queued', 'sending']).orderBy('id').pluck('id');
    let firstError: unknown;
    for (const id of ids) {
      if (stopping?.aborted) break;
      // One failing mailing (e.g. its database row vanished) must not hold the others back.
      await this.send(env, Number(id), { signal: stopping }).catch((err) => (firstError ??= err));
    }
    if (firstError) throw firstError;
  }

  /** Sends one copy to an address (no recipient row, nothing counted); delivery errors are reported as such. */
  async sendTest(env: Env, mailingId: number, rawEmail: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw new ValidationError(`'${rawEmail}' is not a valid e-mail address`);
    const sudo = env.sudo();
    const composer = await this.composer(sudo, await this.mailingRow(sudo, mailingId));
    const mail = composer.compose({ id: 0, email });
    try {
      await this.transport.send({ ...mail, subject: `[TEST] ${mail.subject}`, messageId: `<mailing-${mailingId}-test-${Date.now()}@${composer.host}>` });
    } catch (err) {
      throw new UserError(`The test message could not be sent: ${deliveryError(err).message}`);
    }
  }

  /** The copy a recipient would get (links and footer included), to look at before sending. */
  async preview(env: Env, mailingId: number, email: string): Promise<{ subject: string; from: string; html: string }> {
    const sudo = env.sudo();
    const composer = await this.composer(sudo, await this.mailingRow(sudo, mailingId));
    const mail = composer.compose({ id: 0, email });
    return { subject: String(mail.subject), from: String(mail.from), html: String(mail.html) };
  }

  /** State and counters of a mailing, in one query (read every 500 ms while it is sent). */
  async statistics(env: Env, mailingId: number): Promise<MailingStatistics> {
    return readStatistics(env.db, mailingId);
  }

  /**
   * Where a site's links in e-mails point: its public base URL (site settings), else `http://<domain>`;
   * only a site with neither (the default localhost site) falls back to the `web.base.url` parameter,
   * else this server on localhost.
   */
  async baseUrl(env: Env, siteId: number | null): Promise<string> {
    const site = siteId ?? await firstSiteId(env);
    return this.urls.baseUrl(site, await this.fallbackBaseUrl(env));
  }

  private async fallbackBaseUrl(env: Env): Promise<string> {
    const value = await this.parameters.get('web.base.url', env);
    return String(value || `http://localhost:${this.config.port}`).replace(/\/+$/, '');
  }

  /** The mailing's copy builder: its site's branding and newsletter sender (Mail settings), unless it names its own. */
  private async composer(env: Env, mailing: Record<string, unknown>): Promise<MailingComposer> {
    const siteId = mailing.website_id ? Number(mailing.website_id) : await firstSiteId(env);
    const baseUrl = await this.baseUrl(env, siteId);
    const defaultFrom = await this.senders.newsletterFrom(env, siteId);
    const { logoPath, ...branding } = await this.senders.branding(env, siteId);
    return new MailingComposer({
      id: Number(mailing.id), subject: String(mailing.subject), bodyHtml: String(mailing.body_html ?? ''),
      emailFrom: String(mailing.email_from || defaultFrom || `newsletter@${new URL(baseUrl).hostname}`),
      branding: { ...branding, logoUrl: logoPath ? `${baseUrl}${logoPath}` : null },
    }, baseUrl, await this.tokens.signer());
  }

  private async mailingRow(env: Env, mailingId: number): Promise<Record<string, any>> {
    const mailing = await env.db('mail_mass_mailing').where({ id: mailingId }).first();
    if (!mailing) throw new MissingError('This mailing does not exist.');
    return mailing;
  }
}

/** The first site (the default one), for a mailing that names none; 0 when there is no site. */
export async function firstSiteId(env: Env): Promise<number> {
  const [id] = await env.sudo().model('website').search([], { order: 'id', limit: 1 });
  return id ?? 0;
}
