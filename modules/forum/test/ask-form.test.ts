import { expect } from 'chai';
import type { RpcClient } from '../../../test/support/rpc-client';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { POST_MESSAGES } from '../common/post-schemas';
import { TAG_MESSAGES } from '../common/tag-rules';
import { forumUser } from './forum-fixture';

/** The field's message as the page shows it: right after the field, in Bootstrap's invalid-feedback. */
function messageUnder(html: string, field: string): string | null {
  const m = new RegExp(`<div id="${field}_error" class="invalid-feedback[^"]*">([^<]*)</div>`).exec(html);
  return m ? m[1].replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
}

describe('forum: the ask form refuses a missing or too long field with the message under it (no JavaScript)', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let asker: { uid: number; client: RpcClient };

  before(async () => {
    tk = await bootTestKernel({ modules: ['forum'], http: true, demo: true });
    asker = await forumUser(tk, 'schemaasker', 120);
  });
  after(async () => tk?.stop());

  async function ask(fields: Record<string, string>): Promise<Response> {
    const csrf = await asker.client.csrfFrom('/forum/help-1/ask');
    return asker.client.postForm('/forum/help-1/new', { csrf_token: csrf, post_type: 'question', ...fields });
  }
  const posts = async () => Number((await tk.sudo().db('forum_post').count({ n: '*' }).first())!.n);

  it('a missing title: 400, the form again with the message under the title, what was typed kept, no post', async () => {
    const before = await posts();
    const res = await ask({ post_name: '', content: 'Kept text', post_tags: 'account' });
    expect(res.status).to.equal(400);
    const html = await res.text();
    expect(messageUnder(html, 'post_name')).to.equal(POST_MESSAGES.titleRequired);
    expect(html).to.match(/<input[^>]*class="form-control is-invalid"[^>]*id="post_name"|<input[^>]*id="post_name"[^>]*class="form-control is-invalid"/);
    expect(html).to.contain('>Kept text</textarea>').and.contain('value="account"');
    expect(messageUnder(html, 'content')).to.equal(null);
    expect(await posts()).to.equal(before);
  });

  it('a title or a tag too long: each message under its field, nothing cut, no post', async () => {
    const before = await posts();
    const title = `${'Long title '.repeat(30)}end`;
    const res = await ask({ post_name: title, content: 'Text', post_tags: `fine, ${'t'.repeat(36)}` });
    expect(res.status).to.equal(400);
    const html = await res.text();
    expect(messageUnder(html, 'post_name')).to.equal(POST_MESSAGES.titleTooLong);
    expect(messageUnder(html, 'post_tags')).to.equal(TAG_MESSAGES.length);
    expect(html).to.contain(`value="${title}"`);
    expect(await posts()).to.equal(before);
    expect(await tk.sudo().db('forum_post').where('name', 'like', 'Long title%').first()).to.equal(undefined);
  });

  it('an empty question text and a sixth tag, and a field the form does not have, are refused too', async () => {
    const res = await ask({ post_name: 'No text', content: '  ', post_tags: 'aa bb cc dd ee ff' });
    const html = await res.text();
    expect(messageUnder(html, 'content')).to.equal(POST_MESSAGES.questionText);
    expect(messageUnder(html, 'post_tags')).to.equal(TAG_MESSAGES.count);
    const unknown = await ask({ post_name: 'Extra', content: 'x', state: 'active' });
    expect(unknown.status).to.equal(400);
    expect(await unknown.text()).to.contain('Unknown field(s): state');
    expect(await tk.sudo().db('forum_post').whereIn('name', ['No text', 'Extra']).first()).to.equal(undefined);
  });

  it('a refused answer or edit shows its message under the field as well', async () => {
    const q = (await tk.sudo().db('forum_post').where({ name: 'Which browsers are supported?' }).first('id')).id;
    const csrf = await asker.client.csrfFrom('/forum/help-1/ask');
    const answer = await asker.client.postForm(`/forum/help-1/${q}/reply`, { csrf_token: csrf, content: '' });
    expect(answer.status).to.equal(400);
    expect(messageUnder(await answer.text(), 'forum-answer')).to.equal(POST_MESSAGES.answerText);
    const own = await tk.sudo().db('forum_post').where({ create_uid: asker.uid }).first('id');
    const mine = own?.id ?? (await (async () => {
      const res = await ask({ post_name: 'Mine to edit', content: 'Text' });
      expect(res.status).to.equal(302);
      return (await tk.sudo().db('forum_post').where({ name: 'Mine to edit' }).first('id')).id;
    })());
    const edit = await asker.client.postForm(`/forum/help-1/post/${mine}/save`, { csrf_token: csrf, post_name: 'x'.repeat(300), content: 'Text' });
    expect(edit.status).to.equal(400);
    expect(messageUnder(await edit.text(), 'post_name')).to.equal(POST_MESSAGES.titleTooLong);
  });
});
