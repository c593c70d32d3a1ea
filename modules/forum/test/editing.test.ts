import { expect } from 'chai';
import sharp from 'sharp';
import { RpcClient } from '../../../test/support/rpc-client';
import type { TestKernel } from '../../../test/support/harness';
import { cleanPostHtml } from '../server/services/content-rules';
import { forumUser, makePost, forumKernel } from './forum-fixture';

const KARMA_MSG = (n: number) => `${n} karma is required to perform this action. You can earn karma by having your answers upvoted by the community.`;

describe('forum: editing, retagging, editor karma and picture upload', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  let base: string;
  const setKarma = (uid: number, karma: number) => tk.sudo().db('res_users').where({ id: uid }).update({ karma });
  const postRow = (id: number) => tk.sudo().db('forum_post').where({ id }).first('name', 'content', 'plain_content');
  const tagsOf = async (id: number) => (await tk.sudo().db('forum_tag_rel as r').join('forum_tag as t', 't.id', 'r.forum_tag_id').where({ 'r.forum_post_id': id }).orderBy('t.name').select('t.name')).map((r: { name: string }) => r.name);

  before(async () => {
    ({ tk, forumId } = await forumKernel());
    base = `/forum/help-${forumId}`;
    await tk.sudo().model('forum.tag').create({ name: 'known', forum_id: forumId });
  });
  after(async () => tk?.stop());

  it('edits one own post from karma_edit_own (1): 0 is refused with the karma message and nothing changes', async () => {
    const author = await forumUser(tk, 'ownedit', 0);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Mine', content: '<p>Old</p>', plain_content: 'Old' });
    const csrf = await author.client.csrfFrom(`${base}/ask`);
    const refused = await author.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_name: 'New title', content: 'New text' });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.contain(KARMA_MSG(1));
    expect(await postRow(q)).to.deep.include({ name: 'Mine', content: '<p>Old</p>' });
    expect((await author.client.get(`${base}/post/${q}/edit`)).status).to.equal(403);
    await setKarma(author.uid, 1);
    const form = await (await author.client.get(`${base}/post/${q}/edit`)).text();
    expect(form).to.contain('name="post_name"').and.contain('data-island="forum.edit_form"').and.contain('name="content"').and.not.contain('name="post_tags"');
    const saved = await author.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_name: 'New title', content: 'New <b>text</b>\n\nSecond' });
    expect(saved.status).to.equal(302);
    expect(saved.headers.get('location')).to.equal(`${base}/question/${q}`);
    expect(await postRow(q)).to.deep.include({ name: 'New title', content: '<p>New &lt;b&gt;text&lt;/b&gt;</p><p>Second</p>', plain_content: 'New <b>text</b> Second' });
  });

  it("edits others' posts from karma_edit_all (300): 299 is refused, 300 may; blank titles and empty texts are refused", async () => {
    const author = await forumUser(tk, 'otherauthor', 10);
    const editor = await forumUser(tk, 'editall', 299);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Theirs', content: '<p>Body</p>' });
    const csrf = await editor.client.csrfFrom(`${base}/ask`);
    const refused = await editor.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, content: 'Changed' });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.contain(KARMA_MSG(300));
    await setKarma(editor.uid, 300);
    expect((await editor.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, content: 'Changed' })).status).to.equal(302);
    expect((await postRow(q)).content).to.equal('<p>Changed</p>');
    const blank = await editor.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_name: '   ', content: 'x' });
    expect(blank.status).to.equal(400);
    expect(await blank.text()).to.contain('Title should not be empty.');
    const empty = await editor.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, content: '<p> </p>', content_format: 'html' });
    expect(await empty.text()).to.contain('The question needs a text.');
    expect(await postRow(q)).to.deep.include({ name: 'Theirs', content: '<p>Changed</p>' });
    // Without the CSRF token nothing happens.
    expect((await editor.client.postForm(`${base}/post/${q}/save`, { content: 'csrf-less' })).status).to.equal(400);
  });

  it('retags from karma_edit_retag (75): 74 is refused; a retagger without karma_edit_all cannot change the text', async () => {
    const author = await forumUser(tk, 'tagauthor', 10);
    const retagger = await forumUser(tk, 'retagger', 74);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'To retag', content: '<p>Body</p>' });
    const csrf = await retagger.client.csrfFrom(`${base}/ask`);
    const refused = await retagger.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_tags: 'known' });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.contain(KARMA_MSG(75));
    await setKarma(retagger.uid, 75);
    const form = await (await retagger.client.get(`${base}/post/${q}/edit`)).text();
    expect(form).to.contain('name="post_tags"').and.not.contain('name="post_name"').and.not.contain('name="content"');
    const page = await (await retagger.client.get(`${base}/question/${q}`)).text();
    expect(page).to.contain(`${base}/post/${q}/edit`).and.contain('>Retag<');
    expect((await retagger.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_tags: 'known, fresh_new' })).status).to.equal(302);
    expect(await tagsOf(q)).to.deep.equal(['fresh', 'known', 'new']);
    expect((await tk.sudo().db('forum_tag').where({ name: 'known', forum_id: forumId }).first('posts_count')).posts_count).to.equal(1);
    const sneaky = await retagger.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_tags: 'known', content: 'Rewritten' });
    expect(sneaky.status).to.equal(403);
    expect(await sneaky.text()).to.contain(KARMA_MSG(300));
    expect((await postRow(q)).content).to.equal('<p>Body</p>');
    expect(await tagsOf(q)).to.deep.equal(['fresh', 'known', 'new']);
    const tooMany = await retagger.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_tags: 'aa bb cc dd ee ff' });
    expect(tooMany.status).to.equal(400);
    expect(await tooMany.text()).to.contain('A post has at most 5 tags.');
    const tooShort = await retagger.client.postForm(`${base}/post/${q}/save`, { csrf_token: csrf, post_tags: 'a' });
    expect(await tooShort.text()).to.contain('Each tag should contain between 2 and 35 characters');
    // An answer has no tags.
    const answer = await makePost(tk, author.uid, { forum_id: forumId, parent_id: q, content: '<p>A</p>' });
    expect((await retagger.client.postForm(`${base}/post/${answer}/save`, { csrf_token: csrf, post_tags: 'known' })).status).to.equal(400);
  });

  it('a post of another forum, a hidden post or a flagged one cannot be edited', async () => {
    const other = await tk.sudo().model('forum.forum').create({ name: 'Other' });
    const user = await forumUser(tk, 'editlimits', 5000);
    const elsewhere = await makePost(tk, user.uid, { forum_id: other, name: 'Elsewhere', content: '<p>x</p>' });
    expect((await user.client.get(`${base}/post/${elsewhere}/edit`)).status).to.equal(404);
    const stranger = await forumUser(tk, 'pendingowner', 10);
    const pending = await makePost(tk, stranger.uid, { forum_id: forumId, name: 'Pending', state: 'pending', content: '<p>x</p>' });
    expect((await user.client.get(`${base}/post/${pending}/edit`)).status).to.equal(404);
    const flagged = await makePost(tk, user.uid, { forum_id: forumId, name: 'Flagged', state: 'flagged', content: '<p>x</p>' });
    const csrf = await user.client.csrfFrom(`${base}/ask`);
    const res = await user.client.postForm(`${base}/post/${flagged}/save`, { csrf_token: csrf, content: 'y' });
    expect(res.status).to.not.equal(302);
    expect((await postRow(flagged)).content).to.equal('<p>x</p>');
  });

  it('keeps links and pictures from karma_editor (30, inclusive) and reduces them to text under it; scripts never survive', async () => {
    const html = '<p>See <a href="https://example.com/x" onclick="evil()">this</a><img src="/web/image/ir.attachment/4/datas" onerror="x()"><script>alert(1)</script><span style="color:red">ok</span></p><iframe src="https://www.youtube.com/embed/x"></iframe>';
    const low = await forumUser(tk, 'editor29', 29);
    const high = await forumUser(tk, 'editor30', 30);
    const ask = async (user: { client: RpcClient }, name: string) => {
      const csrf = await user.client.csrfFrom(`${base}/ask`);
      const res = await user.client.postForm(`${base}/new`, { csrf_token: csrf, post_type: 'question', post_name: name, content: html, content_format: 'html' });
      expect(res.status, name).to.equal(302);
      return tk.sudo().db('forum_post').where({ name }).first('content');
    };
    expect((await ask(low, 'Low editor')).content).to.equal('<p>See thisok</p>');
    expect((await ask(high, 'High editor')).content).to.equal('<p>See <a href="https://example.com/x" rel="noopener noreferrer">this</a><img src="/web/image/ir.attachment/4/datas" />ok</p>');
    expect(cleanPostHtml('<a href="javascript:alert(1)">x</a><img src="http://tracker.example/p.gif"><img src="data:image/png;base64,xx">', true)).to.equal('<a rel="noopener noreferrer">x</a>');
    // An answer too, and the edit page: the editor knows which tools to show.
    const askPage = await (await low.client.get(`${base}/ask`)).text();
    expect(askPage).to.contain('&quot;linkAndImage&quot;:false').and.contain('&quot;karmaEditor&quot;:30');
    expect(await (await high.client.get(`${base}/ask`)).text()).to.contain('&quot;linkAndImage&quot;:true');
  });

  it('uploads pictures from karma_editor (30) through the image check; refuses 29, SVG, junk and visitors', async () => {
    const png = (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } }).png().toBuffer()).toString('base64');
    const low = await forumUser(tk, 'uploader29', 29);
    const high = await forumUser(tk, 'uploader30', 30);
    const path = `${base}/image/upload`;
    const refused = await low.client.rpc(path, { name: 'a.png', data: png });
    expect(refused.error?.data.message).to.equal(KARMA_MSG(30));
    const stored = await high.client.call<{ id: number; src: string }>(path, { name: 'a.png', data: png });
    expect(stored.src).to.equal(`/web/image/ir.attachment/${stored.id}/datas`);
    const image = await fetch(`${tk.url}${stored.src}`);
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/png');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    expect((await high.client.rpc(path, { name: 'x.svg', data: svg })).error?.data.message).to.contain('SVG images are not accepted');
    expect((await high.client.rpc(path, { name: 'x.png', data: '!!notbase64' })).error?.data.message).to.equal('The image must be sent as base64.');
    expect((await new RpcClient(tk.url).rpc(path, { name: 'a.png', data: png })).error?.code).to.equal(100);
    expect((await high.client.rpc('/forum/help-999999/image/upload', { name: 'a.png', data: png })).error?.data.name).to.equal('MissingError');
  });

  it("suggests a forum's own tags when the tag selector names it", async () => {
    const other = await tk.sudo().model('forum.forum').create({ name: 'Tags elsewhere' });
    await tk.sudo().model('forum.tag').create({ name: 'knowledge', forum_id: other });
    const all = await (await fetch(`${tk.url}/forum/get_tags?q=know&l=50`)).json() as Array<{ name: string }>;
    expect(all.map((t) => t.name).sort()).to.deep.equal(['knowledge', 'known']);
    const mine = await (await fetch(`${tk.url}/forum/get_tags?q=know&l=50&forum_id=${forumId}`)).json() as Array<{ name: string }>;
    expect(mine.map((t) => t.name)).to.deep.equal(['known']);
  });
});
