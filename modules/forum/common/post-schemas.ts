/*
 * The forum's forms, one yup schema each: the ask form, the answer form and the edit form. The routes
 * declare them as their params (the server checks every post again and answers the form with each
 * message under its field); the ask island builds its form with formik on the same schema, so the
 * browser shows the same messages before posting. Karma, the forum's allowed post types, link safety
 * and what the sanitiser keeps stay with the services. No Node or DOM API here.
 */
import { object, string, type InferType } from 'yup';
import { htmlToText } from './html-text';
import { tagsField } from './tag-rules';

export const POST_TYPES = ['question', 'link', 'discussion'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const TITLE_MAX = 256;
export const LINK_MAX = 2048;
/** A question's or answer's text, counted as the reader sees it (the editor's HTML without its tags). */
export const POST_TEXT_MAX = 20_000;
/** The editor's HTML as posted: its markup on top of the text (the form body limit is 1 MB). */
export const POST_HTML_MAX = 200_000;
/** `html` when the rich editor posted the body, else (no JavaScript) the textarea's plain text. */
export const CONTENT_FORMATS = ['html', 'text', ''] as const;

/** Messages are English UI strings (translated in i18n/). */
export const POST_MESSAGES = {
  titleRequired: 'Title should not be empty.',
  titleTooLong: `The title is too long (at most ${TITLE_MAX} characters).`,
  linkTooLong: `The link is too long (at most ${LINK_MAX} characters).`,
  questionText: 'The question needs a text.',
  answerText: 'The answer needs a text.',
  textTooLong: `The text is too long (at most ${POST_TEXT_MAX} characters).`,
} as const;

/** The text of a posted body: the editor's HTML read as text, or the textarea's text. */
export function postedText(content: string, format: unknown): string {
  return (format === 'html' ? htmlToText(content) : content).trim();
}

const contentFormat = () => string().oneOf(CONTENT_FORMATS).default('text');

/** A body within the limits; `required` is the message when it has no text. */
function contentField(required: string | null) {
  const field = string()
    .max(POST_HTML_MAX, POST_MESSAGES.textTooLong)
    .test('text-max', POST_MESSAGES.textTooLong, function max(value) {
      return postedText(value ?? '', this.parent.content_format).length <= POST_TEXT_MAX;
    });
  return required ? field.test('text-required', required, function present(value) { return postedText(value ?? '', this.parent.content_format).length > 0; }) : field;
}

/** The ask form (`/forum/<forum>/new`). A link post's description may be empty; other posts need a text. */
export const askSchema = object({
  post_type: string().oneOf(POST_TYPES).default('question'),
  post_name: string().trim().required(POST_MESSAGES.titleRequired).max(TITLE_MAX, POST_MESSAGES.titleTooLong),
  content_link: string().trim().max(LINK_MAX, POST_MESSAGES.linkTooLong).default(''),
  post_tags: tagsField().default(''),
  content: contentField(null).default('').when('post_type', {
    is: 'link',
    then: (s) => s,
    otherwise: (s) => s.test('question-text', POST_MESSAGES.questionText, function present(value) { return postedText(value ?? '', this.parent.content_format).length > 0; }),
  }),
  content_format: contentFormat(),
});
export type AskValues = InferType<typeof askSchema>;

/** The answer form under a question (`/forum/<forum>/<question>/reply`). */
export const answerSchema = object({
  content: contentField(POST_MESSAGES.answerText).default(''),
  content_format: contentFormat(),
});

/**
 * The edit form (`/forum/<forum>/post/<post>/save`): it holds only the fields the caller may change,
 * so each is optional, but one that is sent follows the rules. Whether a body may be empty (a link
 * post's) is the service's to say.
 */
export const editSchema = object({
  post_name: string().trim().max(TITLE_MAX, POST_MESSAGES.titleTooLong)
    .test('title-present', POST_MESSAGES.titleRequired, (value) => value === undefined || value.length > 0),
  post_tags: tagsField(),
  content: contentField(null),
  content_format: contentFormat(),
});

/** A form's messages by field, as the server answers a refused post and formik holds them. */
export type FieldErrors = Partial<Record<string, string>>;
