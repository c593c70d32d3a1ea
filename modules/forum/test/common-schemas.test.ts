import { expect } from 'chai';
import { ValidationError } from 'yup';
import { answerSchema, askSchema, editSchema, POST_MESSAGES, POST_TEXT_MAX, postedText, TITLE_MAX } from '../common/post-schemas';
import { splitTagNames, TAG_MESSAGES, TAG_SEPARATORS, tagNamesProblem, tagsField } from '../common/tag-rules';

/** The messages by field a form would show (what checkParams and formik both read from yup). */
async function messages(schema: { validate(v: unknown, o: object): Promise<unknown> }, values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path ?? '', e.message]));
  }
}

describe('forum: the shared form rules (common/)', () => {
  it('splits tags on commas, spaces and underscores, drops duplicates and names the rule a list breaks', () => {
    expect(splitTagNames('web, css_html  js,web')).to.deep.equal(['web', 'css', 'html', 'js']);
    expect(TAG_SEPARATORS.test('a_b')).to.equal(true);
    expect(tagNamesProblem(['ab', 'x'.repeat(35)])).to.equal(null);
    expect(tagNamesProblem(['a'])).to.equal(TAG_MESSAGES.length);
    expect(tagNamesProblem(['x'.repeat(36)])).to.equal(TAG_MESSAGES.length);
    expect(tagNamesProblem(['aa', 'bb', 'cc', 'dd', 'ee', 'ff'])).to.equal(TAG_MESSAGES.count);
    // Characters, not UTF-16 units: two emoji are a two-character tag.
    expect(tagNamesProblem(['😀😀'])).to.equal(null);
  });

  it('the tags field refuses what the services refuse, with the same messages', async () => {
    await tagsField().validate('account, web');
    await tagsField().validate('a').then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(TAG_MESSAGES.length));
    await tagsField().validate('aa bb cc dd ee ff').then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(TAG_MESSAGES.count));
    await tagsField().validate('x'.repeat(201)).then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(TAG_MESSAGES.field));
  });

  it('the ask form: a title is required and at most 256 characters; a question needs a text; a link post does not', async () => {
    expect(await messages(askSchema, { post_type: 'question', post_name: 'Title', content: 'Text' })).to.deep.equal({});
    expect(await messages(askSchema, { post_type: 'question', post_name: '  ', content: 'Text' })).to.deep.equal({ post_name: POST_MESSAGES.titleRequired });
    expect(await messages(askSchema, { post_name: 'x'.repeat(TITLE_MAX + 1), content: 'Text', post_tags: 'a' }))
      .to.deep.equal({ post_name: POST_MESSAGES.titleTooLong, post_tags: TAG_MESSAGES.length });
    expect(await messages(askSchema, { post_name: 'T', content: '<p> </p>', content_format: 'html' })).to.deep.equal({ content: POST_MESSAGES.questionText });
    expect(await messages(askSchema, { post_type: 'link', post_name: 'T', content_link: 'example.com' })).to.deep.equal({});
    expect(await messages(askSchema, { post_type: 'poll', post_name: 'T', content: 'x' })).to.have.keys('post_type');
  });

  it('counts the text of the editor\'s HTML, as the reader sees it, against the limit', async () => {
    expect(postedText('<p>a&amp;b</p><p>c</p>', 'html')).to.equal('a&b\n\nc');
    const wrapped = `<p><strong>${'x'.repeat(POST_TEXT_MAX)}</strong></p>`;
    expect(await messages(answerSchema, { content: wrapped, content_format: 'html' })).to.deep.equal({});
    expect(await messages(answerSchema, { content: `<p>${'x'.repeat(POST_TEXT_MAX + 1)}</p>`, content_format: 'html' })).to.deep.equal({ content: POST_MESSAGES.textTooLong });
    expect(await messages(answerSchema, { content: '' })).to.deep.equal({ content: POST_MESSAGES.answerText });
  });

  it('the edit form: every field optional, but one that is sent follows the rules', async () => {
    expect(await messages(editSchema, {})).to.deep.equal({});
    expect(await messages(editSchema, { post_tags: 'known' })).to.deep.equal({});
    expect(await messages(editSchema, { post_name: '   ' })).to.deep.equal({ post_name: POST_MESSAGES.titleRequired });
    expect(await messages(editSchema, { post_tags: 'aa bb cc dd ee ff' })).to.deep.equal({ post_tags: TAG_MESSAGES.count });
  });
});
