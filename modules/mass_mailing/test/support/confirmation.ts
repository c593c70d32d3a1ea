import { expect } from 'chai';
import type { TestKernel } from '../../../../test/support/harness';
import type { RpcClient } from '../../../../test/support/rpc-client';

export interface OutboxMail {
  subject: string;
  body_html: string;
  email_to: string;
}

/** Confirmation mails kept in the outbox (no SMTP_URL in tests) for an address, oldest first. */
export async function confirmationMails(tk: TestKernel, email: string): Promise<OutboxMail[]> {
  return tk.sudo().db('mail_outbox').where({ email_to: email }).andWhere('subject', 'like', 'Confirm your subscription%').orderBy('id');
}

/** The path and query of the confirmation link of a mail (its host is the site's base URL). */
export function confirmationLink(mail: OutboxMail): string {
  const href = /href="([^"]*\/newsletter\/confirm\?[^"]+)"/.exec(String(mail.body_html));
  if (!href) throw new Error(`no confirmation link in ${mail.body_html}`);
  const url = new URL(href[1].replace(/&amp;/g, '&'));
  return url.pathname + url.search;
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Opens the link as the subscriber's browser does and presses its confirm button. */
export async function confirmByLink(client: RpcClient, link: string): Promise<string> {
  const page = await client.get(link);
  expect(page.status).to.equal(200);
  const html = await page.text();
  const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no confirm form');
  const fields = Object.fromEntries([...form[1].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
  const res = await client.postForm('/newsletter/confirm', fields);
  expect(res.status).to.equal(200);
  const done = await res.text();
  expect(done).to.contain('You are subscribed');
  return done;
}
