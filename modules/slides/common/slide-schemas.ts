/*
 * The slides' forms and calls as yup schemas: formik checks them in the browser, the routes check
 * them again on the server (one rule, one message). The server then checks what only it can: the
 * file's real type and contents, rights, duplicates.
 */
import { array, boolean, number, object, string, type InferType } from 'yup';
import { EMAIL_RE } from '@platform/common';
import {
  CATEGORY_NAME_MAX, DESCRIPTION_MAX, FILE_OR_URL_MESSAGE, FILE_TOO_BIG_MESSAGE, INDEX_CONTENT_MAX, INVALID_EMAIL_MESSAGE, INVALID_URL_MESSAGE,
  MAX_FILE_BASE64, MAX_IMAGE_BASE64, MAX_TAGS, NAME_MAX, NAME_REQUIRED_MESSAGE, PREVIEW_IMAGE_MESSAGE, TAG_NAME_MAX, URL_MAX, parseDocumentUrl,
} from './slide-constants';

const id = () => number().integer().min(1).max(2_147_483_647);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The upload dialog (`/slides/add_slide`): a file (base64) or a YouTube / Google Drive URL. */
export const addSlideSchema = object({
  channel_id: id().required(),
  name: string().trim().required(NAME_REQUIRED_MESSAGE).max(NAME_MAX, `The title is too long (at most ${NAME_MAX} characters).`),
  description: string().trim().max(DESCRIPTION_MAX, `The description is too long (at most ${DESCRIPTION_MAX} characters).`).default(''),
  url: string().trim().max(URL_MAX, INVALID_URL_MESSAGE).default('')
    .test('document-url', INVALID_URL_MESSAGE, (v) => !v || parseDocumentUrl(v) !== null),
  datas: string().default('')
    .max(MAX_FILE_BASE64, FILE_TOO_BIG_MESSAGE)
    .test('base64', 'The file could not be read. Please choose it again.', (v) => !v || BASE64.test(v))
    .test('file-or-url', FILE_OR_URL_MESSAGE, function (v) { return Boolean(v) !== Boolean((this.parent as { url?: string }).url); }),
  /** The type the browser saw; the server decides from the bytes and ignores it. */
  mime_type: string().max(128).default(''),
  image: string().default('').max(MAX_IMAGE_BASE64, PREVIEW_IMAGE_MESSAGE).test('base64', PREVIEW_IMAGE_MESSAGE, (v) => !v || BASE64.test(v)),
  index_content: string().max(INDEX_CONTENT_MAX).default(''),
  category_id: id().nullable().default(null),
  category_name: string().trim().max(CATEGORY_NAME_MAX, `A category name has at most ${CATEGORY_NAME_MAX} characters.`).default(''),
  tag_ids: array(id().required()).max(MAX_TAGS, `At most ${MAX_TAGS} tags.`).default([]),
  tag_names: array(string().trim().required().max(TAG_NAME_MAX, `A tag has at most ${TAG_NAME_MAX} characters.`)).max(MAX_TAGS, `At most ${MAX_TAGS} tags.`).default([]),
  website_published: boolean().default(false),
});
export type AddSlideValues = InferType<typeof addSlideSchema>;

/** `/slides/dialog_preview/`: a URL typed in the dialog. */
export const dialogPreviewSchema = object({
  url: string().trim().required(INVALID_URL_MESSAGE).max(URL_MAX, INVALID_URL_MESSAGE),
  channel_id: id().required(),
});

/** Like and dislike. */
export const voteSchema = object({ slide_id: id().required() });

/** Share by e-mail: a non-empty valid address (SPEC 5). */
const email = () => string().trim().required(INVALID_EMAIL_MESSAGE).max(254, INVALID_EMAIL_MESSAGE).matches(EMAIL_RE, INVALID_EMAIL_MESSAGE);
export const shareEmailSchema = object({ slide_id: id().required(), email: email() });

/** The duplicate-title check the dialog runs while the title is typed. */
export const titleCheckSchema = object({ channel_id: id().required(), name: string().trim().required().max(NAME_MAX) });

/** The channel page's query: sorting, search, filters, page. */
export const channelQuerySchema = object({
  sorting: string().oneOf(['date', 'view', 'vote']).default('date'),
  search: string().trim().max(200).default(''),
  category: id().optional(),
  tag: id().optional(),
  slide_type: string().oneOf(['document', 'presentation', 'infographic', 'video']).optional(),
  page: number().integer().min(1).max(10_000).default(1),
});
export type ChannelQuery = InferType<typeof channelQuerySchema>;

/** A share button: which network. */
export const shareSchema = object({ network: string().oneOf(['twitter', 'facebook', 'linkedin']).required() });

/** The vote buttons without JavaScript: a form post per button. */
export const voteFormSchema = object({ vote: string().oneOf(['1', '-1']).required() });

/** Share by e-mail without JavaScript: the same address rule as the call. */
export const shareEmailFormSchema = object({ email: email() });

/** What the slide page says after a form post (no JavaScript). */
export const slideNoticeSchema = object({ notice: string().oneOf(['voted', 'already_voted', 'mail_sent']).optional() });
