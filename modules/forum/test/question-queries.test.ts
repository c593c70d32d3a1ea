import { expect } from 'chai';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core/tokens';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { ViewCounter } from '../server/services/view-counter';
import { forumUser, makePost } from './forum-fixture';

describe('forum: queries per question page', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['forum'], http: true });
  });
  after(async () => tk?.stop());

  it('reads a question page in the same number of queries (at most 10, follow state included) with 5 or 50 answers and 200 comments', async () => {
    const forumId = await tk.sudo().model('forum.forum').create({ name: 'Help' });
    const user = await forumUser(tk, 'counter', 50);
    const db = tk.kernel.container.get<Knex>(DatabaseToken);
    const count = async (path: string): Promise<number> => {
      await tk.kernel.container.get(ViewCounter).flush(); // the buffered views are not the page's queries
      let n = 0;
      const listener = (q: { sql: string }) => { n += 1; if (process.env.FORUM_SQL) console.log(q.sql.slice(0, 160)); };
      db.on('query', listener);
      try {
        expect((await user.client.get(path)).status).to.equal(200);
      } finally {
        db.off('query', listener);
      }
      return n;
    };
    const seed = async (answers: number, comments: number) => {
      const q = await makePost(tk, user.uid, { forum_id: forumId, name: `Q${answers}`, child_count: answers });
      const ids: number[] = [];
      for (let i = 0; i < answers; i++) ids.push(await makePost(tk, user.uid, { forum_id: forumId, parent_id: q, content: `<p>Answer ${i}</p>` }));
      const rows = Array.from({ length: comments }, (_, i) => ({ model: 'forum.post', res_id: ids[i % ids.length], message_type: 'comment', body: `c${i}`, website_published: true }));
      if (rows.length) await tk.sudo().db.batchInsert('mail_message', rows, 100);
      return q;
    };
    const small = await seed(5, 0);
    const big = await seed(50, 200);
    await count(`/forum/help-${forumId}/question/${small}`); // warm caches (site, session)
    const smallQueries = await count(`/forum/help-${forumId}/question/${small}`);
    const bigQueries = await count(`/forum/help-${forumId}/question/${big}`);
    console.log(`      question page queries: ${smallQueries} (5 answers), ${bigQueries} (50 answers, 200 comments)`);
    expect(bigQueries).to.equal(smallQueries);
    // The request's own (session, site menu) included: the goal.
    expect(bigQueries).to.be.at.most(10);
  });

  it('serves visitors from the public page cache and still counts every view (written in batches)', async () => {
    const forumId = await tk.sudo().model('forum.forum').create({ name: 'Cached' });
    const author = await forumUser(tk, 'cachedauthor', 50);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Cached question', views: 10 });
    const db = tk.kernel.container.get<Knex>(DatabaseToken);
    const url = `${tk.url}/forum/cached-${forumId}/question/cached-question-${q}`;
    const first = await fetch(url);
    expect(first.status).to.equal(200);
    expect(first.headers.get('set-cookie')).to.equal(null); // nothing personal: cacheable
    let queries = 0;
    const listener = () => { queries += 1; };
    db.on('query', listener);
    try {
      expect((await fetch(url)).status).to.equal(200);
    } finally {
      db.off('query', listener);
    }
    expect(queries, 'the second visit comes from the cache').to.equal(0);
    expect((await fetch(`${tk.url}/forum/cached-${forumId}/question/${q}`)).status).to.equal(200);
    await fetch(`${tk.url}/fr/forum/cached-${forumId}/question/${q}`);
    await tk.kernel.container.get(ViewCounter).flush();
    expect(Number((await tk.sudo().db('forum_post').where({ id: q }).first('views')).views)).to.equal(14);
    // Each write (here, the views) empties the cache: the page shows the new count, this visit included.
    expect(await (await fetch(url)).text()).to.contain('15 views');
  });

  it('counts no view for a question page the visitor is not shown (20 anonymous 404s on a pending question)', async () => {
    const forumId = await tk.sudo().model('forum.forum').create({ name: 'Pending views' });
    const author = await forumUser(tk, 'pendingauthor', 5);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Waiting question', state: 'pending', views: 3 });
    const url = `${tk.url}/forum/pending-views-${forumId}/question/waiting-question-${q}`;
    const counter = tk.kernel.container.get(ViewCounter);
    for (let i = 0; i < 20; i++) {
      const res = await fetch(url);
      expect(res.status).to.equal(404);
      await res.arrayBuffer();
    }
    await counter.flush();
    expect(Number((await tk.sudo().db('forum_post').where({ id: q }).first('views')).views)).to.equal(3);
    // Its author is shown the page: that view counts.
    expect((await author.client.get(`/forum/pending-views-${forumId}/question/${q}`)).status).to.equal(200);
    await counter.flush();
    expect(Number((await tk.sudo().db('forum_post').where({ id: q }).first('views')).views)).to.equal(4);
  });
});
