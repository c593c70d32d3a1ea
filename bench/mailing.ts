/**
 * `npm run bench -- mailing [--messages=N] [--runs=N] [--pg]`
 *
 * Sends N messages (default 10,000) of one mailing to a local SMTP sink (the `smtp-server` package, in
 * its own process so it does not share the sender's event loop), through the whole mass_mailing path:
 * queueing one row per recipient, claiming rows with leases, composing each personal copy (tracked
 * links, unsubscribe link and RFC 8058 headers), sending over the pooled SMTP transport and recording
 * each outcome. Baseline, in the same run: nodemailer alone (same pool settings) sending the same,
 * already composed, messages to the same sink. Runs alternate; medians and their ratio are printed.
 * Goals: at least 80% of nodemailer alone and at least 500 messages per second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { loadConfig } from '@platform/core/config';
import { Kernel } from '@platform/kernel/kernel';
import { SMTP_POOL_OPTIONS } from '@platform/mail/smtp-transport';
import type { OutgoingMail } from '@platform/mail/mail-transport';
import { EnvFactory } from '@platform/orm/env-factory';
import { nowUtc } from '@platform/orm/sql-values';
import { MailingComposer } from '@modules/mass_mailing/test/support';
import { MailingSender } from '@modules/mass_mailing/test/support';
import { MailingTokens } from '@modules/mass_mailing/test/support';
import { createThrowawayDatabase } from '../test/support/test-database';
import { median } from './stats';

const BODY = '<h1>Our monthly news</h1><p>Hello! Here is what happened this month.</p>'
  + '<p>Read <a href="https://example.com/news/1">the first story</a> and <a href="https://example.com/news/2">the second one</a>.</p>'
  + '<p>See you soon.</p>';
const GOAL_RATIO = 0.8;
const GOAL_RATE = 500;

const SINK = `
const { SMTPServer } = require('smtp-server');
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, callback) { stream.on('data', () => {}); stream.on('end', () => callback()); } });
server.listen(0, '127.0.0.1', () => process.stdout.write(server.server.address().port + '\\n'));
`;

export async function run(args: string[]): Promise<void> {
  const num = (flag: string, fallback: number): number => {
    const arg = args.find((a) => a.startsWith(`--${flag}=`));
    const n = arg ? Number(arg.split('=')[1]) : fallback;
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${flag} must be a positive integer`);
    return n;
  };
  const bad = args.find((a) => a !== '--pg' && !/^--(messages|runs)=/.test(a));
  if (bad) throw new Error(`Unknown option '${bad}' (expected --messages=N, --runs=N, --pg)`);
  const messages = num('messages', 10_000);
  const runs = num('runs', 3);
  if (!args.includes('--pg')) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

  const sink = await startSink();
  const database = await createThrowawayDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, demo: false, smtpUrl: sink.url, adminPassword: 'bench-only' };
  const kernel = await Kernel.boot({ config, install: ['mass_mailing'], autoInstall: false });
  try {
    const env = kernel.container.get(EnvFactory).superuser();
    const sender = kernel.container.get(MailingSender);
    await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: 'https://news.example.com' });
    // A mailing is only sent from a site with a postal address (its footer shows it).
    await env.db('website').update({ contact_address: '1 Bench Street\nSpringfield' });
    const listId = await seed(env, messages);
    console.log(`Node ${process.version}; ${messages} messages per run, ${runs} runs each, alternating; database ${database.url.split(':')[0]}; sink ${sink.url}`);

    // The baseline sends the very messages the mailing sends (composed once, outside the timing).
    const signer = await kernel.container.get(MailingTokens).signer();
    const composer = new MailingComposer({ id: 999_999, subject: 'Our news', bodyHtml: BODY, emailFrom: 'news@example.com',
      branding: { siteName: 'My Website', logoUrl: null, color: '#0d6efd', postalAddress: '1 Bench Street\nSpringfield' } }, 'https://news.example.com', signer);
    const emails = (await env.db('mail_mass_mailing_contact').orderBy('id').pluck('email')) as string[];
    const prepared = emails.map((email, i) => composer.compose({ id: i + 1, email }));

    const base: number[] = [];
    const ours: number[] = [];
    for (let r = 0; r < runs; r++) {
      const cpu0 = process.cpuUsage();
      base.push(await nodemailerAlone(sink.url, prepared));
      const cpuBase = cpuMs(process.cpuUsage(cpu0)) / messages;
      const mailingId = await env.model('mail.mass_mailing').create({ subject: 'Our news', body_html: BODY, email_from: 'news@example.com', mailing_list_ids: [[6, 0, [listId]]] });
      const cpu1 = process.cpuUsage();
      const start = process.hrtime.bigint();
      await sender.queue(env, mailingId);
      const queued = Number(process.hrtime.bigint() - start) / 1e6;
      await sender.send(env, mailingId);
      const total = Number(process.hrtime.bigint() - start) / 1e6;
      const cpuOurs = cpuMs(process.cpuUsage(cpu1)) / messages;
      const stats = await sender.statistics(env, mailingId);
      if (stats.delivered !== messages || stats.state !== 'done') throw new Error(`mailing ${mailingId}: ${JSON.stringify(stats)}`);
      ours.push(total);
      console.log(`run ${r + 1}: nodemailer alone ${rate(messages, base[r])} msg/s; mass_mailing ${rate(messages, total)} msg/s (queueing ${queued.toFixed(0)} ms of ${total.toFixed(0)} ms); `
        + `sender CPU per message ${(cpuBase * 1000).toFixed(0)} us vs ${(cpuOurs * 1000).toFixed(0)} us`);
    }
    const baseRate = messages / (median(base) / 1000);
    const ourRate = messages / (median(ours) / 1000);
    const ratio = ourRate / baseRate;
    console.log('');
    console.log(`nodemailer alone (pooled, ${SMTP_POOL_OPTIONS.maxConnections} connections): median ${baseRate.toFixed(0)} msg/s`);
    console.log(`mass_mailing (queue + leased send + record):   median ${ourRate.toFixed(0)} msg/s`);
    console.log(`ratio ${(ratio * 100).toFixed(0)}% of nodemailer alone (goal >= ${GOAL_RATIO * 100}%: ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'}); `
      + `rate goal >= ${GOAL_RATE} msg/s: ${ourRate >= GOAL_RATE ? 'met' : 'NOT met'}`);
  } finally {
    await kernel.stop();
    await database.drop();
    sink.process.kill();
  }
}

const rate = (n: number, ms: number): string => (n / (ms / 1000)).toFixed(0);
const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;

/** nodemailer's pooled transport given every message at once (it queues them itself). */
async function nodemailerAlone(url: string, mails: OutgoingMail[]): Promise<number> {
  const transporter = nodemailer.createTransport({ url, ...SMTP_POOL_OPTIONS } as SMTPPool.Options);
  const start = process.hrtime.bigint();
  await Promise.all(mails.map((m) => transporter.sendMail({
    from: m.from, to: m.to, subject: m.subject, html: m.html, messageId: m.messageId, headers: m.headers,
  })));
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  transporter.close();
  return elapsed;
}

/** N contacts subscribed to one list, inserted in bulk. */
async function seed(env: import('@platform/orm/environment').Env, n: number): Promise<number> {
  const listId = await env.model('mail.mass_mailing.list').create({ name: 'Bench list' });
  const now = nowUtc();
  const contacts = Array.from({ length: n }, (_, i) => ({ email: `reader${i}@example.com`, name: `Reader ${i}`, create_date: now, write_date: now }));
  await env.db.batchInsert('mail_mass_mailing_contact', contacts, 500);
  await env.db.raw(`INSERT INTO mail_mass_mailing_subscription (contact_id, list_id, opt_out, create_date, write_date)
    SELECT id, ?, ?, ?, ? FROM mail_mass_mailing_contact`, [listId, env.dialect === 'sqlite' ? 0 : false, now, now]);
  return listId;
}

async function startSink(): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`SMTP sink exited (${code})`)));
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
  });
  return { url: `smtp://127.0.0.1:${port}`, process: child };
}
