import { expect } from 'chai';
import type { Knex } from 'knex';
import crypto from 'node:crypto';
import { DatabaseToken, RequestScope } from '@platform/core';
import type { TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { TableReadCache, WriteSignal } from '@platform/http';
import { ViewCounter } from '../server/services/view-counter';
import { forumKernel, forumUser, makePost } from './forum-fixture';

/**
 * The question page reads its thread once as the superuser and keeps it until a write to its tables
 * (services/question-threads.ts): every change must show on the very next page, and the reader's own
 * record rules, not the superuser's read, must decide which posts they see.
 */
describe('forum: cached question threads', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let forumId: number;
  let base: string;
  before(async () => {
    ({ tk, forumId } = await forumKernel());
    base = `/forum/help-${forumId}`;
  });
  after(async () => tk?.stop());

  /** A page and the SQL statements its request ran (those of its own request scope only). */
  async function pageOf(client: RpcClient, path: string): Promise<{ status: number; html: string; sql: string[] }> {
    const db = tk.get<Knex>(DatabaseToken);
    const scope = tk.get(RequestScope);
    const requestId = crypto.randomUUID();
    const sql: string[] = [];
    const listener = (q: { sql: string }) => {
      if (scope.current()?.requestId === requestId) sql.push(q.sql);
    };
    db.on('query', listener);
    try {
      const res = await client.fetch(path, { headers: { 'X-Request-Id': requestId }, redirect: 'manual' });
      return { status: res.status, html: await res.text(), sql };
    } finally {
      db.off('query', listener);
    }
  }

  /** The answers' ids a page shows, in order. */
  const answersOn = (html: string, question: number): number[] =>
    [...html.matchAll(/id="post-(\d+)"/g)].map((m) => Number(m[1])).filter((id) => id !== question).sort((x, y) => x - y);

  it('shows an answer, a comment, a vote and an edit on the next page, while a page in between reads no thread', async () => {
    // The views' counter writes forum_post a second after a visit (which drops the thread): held as a
    // stop holds it, so that the pages in between are warm whatever the machine's speed.
    const counter = tk.get(ViewCounter);
    await counter.onStop();
    try {
      await changesShowAtOnce();
    } finally {
      counter.onStart();
    }
  });

  async function changesShowAtOnce(): Promise<void> {
    const author = await forumUser(tk, 'threadauthor', 200);
    const reader = await forumUser(tk, 'threadreader', 600);
    const answerer = await forumUser(tk, 'threadanswerer', 200);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Cached thread' });
    const a1 = await makePost(tk, answerer.uid, { forum_id: forumId, parent_id: q, content: '<p>First answer</p>' });
    await tk.sudo().db('forum_post').where({ id: q }).update({ child_count: 1 });
    const page = `${base}/question/${q}`;
    await pageOf(reader.client, page);
    // Warm: one statement (the reader's rules, votes, favourite, karma, follow), no post, comment or author read.
    const warm = await pageOf(reader.client, page);
    expect(warm.status).to.equal(200);
    expect(warm.sql, warm.sql.join("\n")).to.have.length(1);
    expect(warm.sql.join('\n')).to.not.contain('mail_message');
    expect(answersOn(warm.html, q)).to.deep.equal([a1]);

    // An answer.
    const csrf = await answerer.client.csrfFrom(`${base}/ask`);
    expect((await answerer.client.postForm(`${base}/${q}/reply`, { csrf_token: csrf, content: 'Second answer, posted' })).status).to.equal(302);
    const afterAnswer = await pageOf(reader.client, page);
    expect(afterAnswer.html).to.contain('Second answer, posted');
    expect(answersOn(afterAnswer.html, q)).to.have.length(2);

    // A comment.
    const readerCsrf = await reader.client.csrfFrom(`${base}/ask`);
    expect((await reader.client.postForm(`${base}/post/${a1}/comment`, { csrf_token: readerCsrf, comment: 'A comment, at once' })).status).to.equal(302);
    expect((await pageOf(author.client, page)).html).to.contain('A comment, at once');

    // A vote: the count changes for everybody (the thread), the reader's own vote for the reader only.
    const voteCountOf = (html: string) => Number(new RegExp(`&quot;postId&quot;:${a1},(?:(?!&quot;postId&quot;).)*?&quot;voteCount&quot;:(-?\\d+)`, 's').exec(html)?.[1]);
    expect(voteCountOf((await pageOf(author.client, page)).html)).to.equal(0);
    expect(await reader.client.call(`${base}/post/${a1}/upvote`)).to.deep.equal({ vote_count: 1, user_vote: 1 });
    const userVoteOf = (html: string) => Number(new RegExp(`&quot;postId&quot;:${a1},(?:(?!&quot;postId&quot;).)*?&quot;userVote&quot;:(-?\\d+)`, 's').exec(html)?.[1]);
    const authorPage = (await pageOf(author.client, page)).html;
    const readerPage = (await pageOf(reader.client, page)).html;
    expect([voteCountOf(authorPage), userVoteOf(authorPage)]).to.deep.equal([1, 0]);
    expect([voteCountOf(readerPage), userVoteOf(readerPage)]).to.deep.equal([1, 1]);

    // An edit.
    const answererCsrf = await answerer.client.csrfFrom(`${base}/ask`);
    expect((await answerer.client.postForm(`${base}/post/${a1}/save`, { csrf_token: answererCsrf, content: 'First answer, edited' })).status).to.equal(302);
    const edited = await pageOf(reader.client, page);
    expect(edited.html).to.contain('First answer, edited').and.not.contain('<p>First answer</p>');
    // And warm again once nothing changed.
    expect((await pageOf(reader.client, page)).sql).to.have.length(1);
  }

  it('never shows a reader a post their rules hide, whoever filled the cache', async () => {
    const author = await forumUser(tk, 'ruleauthor', 200);
    const writer = await forumUser(tk, 'rulewriter', 200);
    const reader = await forumUser(tk, 'rulereader', 200);
    const moderator = await forumUser(tk, 'rulemoderator', 1000);
    const visitor = new RpcClient(tk.url);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Rules question' });
    const shown = await makePost(tk, writer.uid, { forum_id: forumId, parent_id: q, content: '<p>Shown answer</p>' });
    const pending = await makePost(tk, writer.uid, { forum_id: forumId, parent_id: q, content: '<p>Pending answer</p>', state: 'pending' });
    const offensive = await makePost(tk, writer.uid, { forum_id: forumId, parent_id: q, content: '<p>Offensive answer</p>', state: 'offensive' });
    await makePost(tk, writer.uid, { forum_id: forumId, parent_id: q, content: '<p>Deleted answer</p>', active: false });
    const page = `${base}/question/${q}`;
    // Filled by the writer, who sees their own pending and offensive answers (the rules: their own posts).
    for (let i = 0; i < 2; i++) expect(answersOn((await pageOf(writer.client, page)).html, q)).to.deep.equal([shown, pending, offensive]);
    for (const viewer of [reader.client, moderator.client, author.client, visitor]) {
      const { status, html } = await pageOf(viewer, page);
      expect(status).to.equal(200);
      expect(answersOn(html, q)).to.deep.equal([shown]);
      expect(html).to.contain('Shown answer').and.not.contain('Pending answer').and.not.contain('Offensive answer').and.not.contain('Deleted answer');
    }
    expect(answersOn((await pageOf(writer.client, page)).html, q)).to.deep.equal([shown, pending, offensive]);

    // A pending question: its author sees it, nobody else (404), whoever read it first.
    const waiting = await makePost(tk, writer.uid, { forum_id: forumId, name: 'Waiting question', state: 'pending' });
    expect((await pageOf(writer.client, `${base}/question/${waiting}`)).status).to.equal(200);
    for (const viewer of [reader.client, moderator.client, visitor]) expect((await pageOf(viewer, `${base}/question/${waiting}`)).status).to.equal(404);
    expect((await pageOf(writer.client, `${base}/question/${waiting}`)).status).to.equal(200);

    // Another forum's question through this forum's path: 404, though the superuser could read it.
    const other = await tk.sudo().model('forum.forum').create({ name: 'Other' });
    const elsewhere = await makePost(tk, author.uid, { forum_id: other, name: 'Elsewhere' });
    expect((await pageOf(reader.client, `/forum/other-${other}/question/${elsewhere}`)).status).to.equal(200);
    expect((await pageOf(reader.client, `${base}/question/${elsewhere}`)).status).to.equal(404);
    // An archived forum: its questions are gone for readers at once (the cached forum row and thread included).
    await tk.sudo().model('forum.forum').write([other], { active: false });
    expect((await pageOf(reader.client, `/forum/other-${other}/question/${elsewhere}`)).status).to.equal(404);
    expect((await pageOf(visitor, `/forum/other-${other}/question/${elsewhere}`)).status).to.equal(404);
    // And the question's own answers follow a change of state at once: validated, the pending one shows.
    await tk.sudo().model('forum.post').write([pending], { state: 'active' });
    expect(answersOn((await pageOf(reader.client, page)).html, q)).to.deep.equal([shown, pending]);
  });

  it("reads the reader's karma (their karma-gated buttons) afresh on every page", async () => {
    const author = await forumUser(tk, 'karmaauthor', 200);
    const low = await forumUser(tk, 'karmalow', 2);
    const high = await forumUser(tk, 'karmahigh', 600);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Karma question' });
    const page = `${base}/question/${q}`;
    const karmaOf = (html: string) => Number(/&quot;karma&quot;:(\d+)/.exec(html)?.[1]);
    expect(karmaOf((await pageOf(high.client, page)).html)).to.equal(600);
    expect(karmaOf((await pageOf(low.client, page)).html)).to.equal(2);
    await tk.sudo().db('res_users').where({ id: low.uid }).update({ karma: 7 });
    expect(karmaOf((await pageOf(low.client, page)).html)).to.equal(7);
  });

  it('keeps no read that a write overlapped, nor one made while a transaction that wrote is open', async () => {
    const db = tk.get<Knex>(DatabaseToken);
    const cache = new TableReadCache<number>(tk.get(WriteSignal), ['forum_tag'], 10);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('k', load)).to.equal(1);
    expect(await cache.get('k', load)).to.equal(1);
    // A write to the table drops it.
    const tagId = await tk.sudo().model('forum.tag').create({ name: 'cachetag', forum_id: forumId });
    expect(await cache.get('k', load)).to.equal(2);
    // A read overlapping a write: returned, not kept.
    const overlapped = cache.get('k2', async () => {
      await db('forum_tag').where({ id: tagId }).update({ name: 'cachetag2' });
      return ++reads;
    });
    expect(await overlapped).to.equal(3);
    expect(await cache.get('k2', load)).to.equal(4);
    expect(await cache.get('k2', load)).to.equal(4);
    // A transaction that wrote the table: nothing is kept until its connection is released.
    await db.transaction(async (trx) => {
      await trx('forum_tag').where({ id: tagId }).update({ name: 'cachetag3' });
      // (On SQLite the one connection is the transaction's: read through it, as a caller in it must not cache.)
      expect(await cache.get('k3', async () => ++reads)).to.equal(5);
      expect(await cache.get('k3', async () => ++reads)).to.equal(6);
    });
    expect(await cache.get('k3', load)).to.equal(7);
    expect(await cache.get('k3', load)).to.equal(7);
    // Writes to other tables leave it.
    await tk.sudo().db('forum_post_reason').insert({ name: 'unrelated', reason_type: 'basic' });
    expect(await cache.get('k3', load)).to.equal(7);
  });
});
