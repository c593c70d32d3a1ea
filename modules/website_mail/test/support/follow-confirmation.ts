import { expect } from 'chai';
import type { TestKernel } from '../../../../test/support/harness';
import { RpcClient } from '../../../../test/support/rpc-client';

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The path and query of the confirmation link in a mail's HTML (its host is the site's mail address). */
export function confirmationLink(html: string): string {
  const href = /href="([^"]*\/website_mail\/follow\/confirm\?[^"]+)"/.exec(html);
  if (!href) throw new Error(`no confirmation link in ${html}`);
  const url = new URL(unescape(href[1]));
  return url.pathname + url.search;
}

/** Confirmation mails kept in the outbox (no SMTP_URL) for an address, oldest first (in English or French). */
export async function outboxConfirmations(tk: TestKernel, email: string): Promise<Array<{ subject: string; body_html: string }>> {
  return tk.sudo().db('mail_outbox').where({ email_to: email })
    .andWhere((w) => w.where('subject', 'like', 'Confirm that you want to follow%').orWhere('subject', 'like', 'Confirmez que vous voulez suivre%')).orderBy('id');
}

/** A signed-in user (whose address nobody checked yet) follows, confirming from the outbox the first time. */
export async function userFollows(tk: TestKernel, client: RpcClient, model: string, id: number, email: string): Promise<void> {
  const answer = await client.call<{ is_follower: boolean; pending: boolean }>('/website_mail/follow', { id, object: model });
  if (answer.is_follower) return;
  const mails = await outboxConfirmations(tk, email);
  expect((await confirmByLink(client, confirmationLink(mails[mails.length - 1].body_html))).status).to.equal(200);
}

/** Opens the link as the owner's browser does (it changes nothing) and presses its button. */
export async function confirmByLink(client: RpcClient, link: string): Promise<Response> {
  const page = await client.get(link);
  expect(page.status, 'the confirmation page').to.equal(200);
  const html = await page.text();
  const form = /<form([^>]*method="post"[^>]*)>([\s\S]*?)<\/form>/.exec(html);
  const action = form && /action="([^"]*)"/.exec(form[1]);
  if (!form || !action) throw new Error('no confirmation form');
  const fields = Object.fromEntries([...form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
  return client.postForm(unescape(action[1]), fields);
}

/**
 * A visitor follows a record with an address and confirms it from the mail in the outbox, in the same
 * browser (which then shows the record as followed and may undo it).
 */
export async function followConfirmed(tk: TestKernel, model: string, id: number, email: string, client = new RpcClient(tk.url), langPrefix = ''): Promise<RpcClient> {
  const answer = await client.call<{ pending: boolean }>(`${langPrefix}/website_mail/follow`, { id, object: model, email });
  expect(answer.pending).to.equal(true);
  const mails = await outboxConfirmations(tk, email.toLowerCase());
  expect(mails.length, `a confirmation mail to ${email}`).to.be.greaterThan(0);
  const done = await confirmByLink(client, confirmationLink(mails[mails.length - 1].body_html));
  expect(done.status).to.equal(200);
  return client;
}
