import { UserAccounts } from '@platform/base';
import { FollowService } from '@modules/website_mail';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../test/support/browser';
import { RpcClient } from '../../../test/support/rpc-client';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

export const PASSWORD = 'password-123';

/** A throwaway kernel with the forum (and what it depends on) over HTTP, and a forum named Help. */
export async function forumKernel(): Promise<{ tk: TestKernel; forumId: number }> {
  const tk = await bootTestKernel({ modules: ['forum'], http: true });
  const forumId = await tk.sudo().model('forum.forum').create({ name: 'Help' });
  return { tk, forumId };
}

/**
 * The site and browser of a block of tours: the forum with its demo data over HTTP, and Chromium, made
 * before the block's tests and closed after them; `ready` hands them to the block.
 */
export function forumTourSite(ready: (tk: TestKernel, browser: Browser) => void): void {
  let tk: TestKernel | undefined;
  let browser: Browser | undefined;
  before(async () => {
    tk = await bootTestKernel({ modules: ['forum'], http: true, demo: true });
    browser = await launchBrowser();
    ready(tk, browser);
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });
}

/**
 * A signed-in user with the given karma, and their RPC client. Karma above 0 comes from the forum's
 * e-mail validation, which also verifies the address for following (one click, no confirmation mail).
 */
export async function forumUser(tk: TestKernel, login: string, karma: number): Promise<{ uid: number; client: RpcClient }> {
  const uid = await tk.kernel.container.get(UserAccounts).create({ name: login, login, email: `${login}@example.com`, password: PASSWORD });
  await tk.sudo().db('res_users').where({ id: uid }).update({ karma });
  if (karma > 0) await tk.kernel.container.get(FollowService).markEmailVerified(`${login}@example.com`);
  const client = new RpcClient(tk.url);
  await client.authenticate(login, PASSWORD);
  return { uid, client };
}

export async function karmaOf(tk: TestKernel, uid: number): Promise<number> {
  const row = await tk.sudo().db('res_users').where({ id: uid }).first('karma');
  return Number(row.karma);
}

/** A post written directly (the fixture's author is `uid`), bypassing the services' rules. */
export async function makePost(tk: TestKernel, uid: number, values: Record<string, unknown>): Promise<number> {
  const [id] = await tk.sudo().db('forum_post').insert({
    post_type: 'question', state: 'active', active: true, child_count: 0, is_correct: false, has_validated_answer: false,
    favourite_count: 0, vote_count: 0, views: 0, relevancy: 0, create_uid: uid, write_uid: uid,
    create_date: new Date().toISOString().slice(0, 19).replace('T', ' '), write_date: new Date().toISOString().slice(0, 19).replace('T', ' '), ...values,
  }).returning('id');
  return typeof id === 'object' ? Number(id.id) : Number(id);
}
