/*
 * The slides' constants and messages, shared by the browser and the server (no Node or DOM API): the
 * messages are the reference's (SPEC points 5 and 8), checked on both sides with the same text.
 */

export const SLIDE_TYPES = [['document', 'Document'], ['presentation', 'Presentation'], ['infographic', 'Infographic'], ['video', 'Video']] as const;
export type SlideType = (typeof SLIDE_TYPES)[number][0];
export const CHANNEL_VISIBILITIES = [['public', 'Public'], ['private', 'Private'], ['partial', 'Show channel but restrict presentations']] as const;
export type ChannelVisibility = (typeof CHANNEL_VISIBILITIES)[number][0];
export const PROMOTE_STRATEGIES = [['none', 'No featured slide'], ['latest', 'Latest published'], ['most_voted', 'Most voted'], ['most_viewed', 'Most viewed'], ['custom', 'Chosen slide']] as const;

/** Largest file a slide may carry: 25 MB (SPEC 9). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** The same limit on the base64 text the dialog posts (4 characters per 3 bytes). */
export const MAX_FILE_BASE64 = Math.ceil(MAX_FILE_BYTES / 3) * 4;
/** The preview image the browser renders from the PDF's first page (or picks): 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
/** Decoding bombs (a small file declaring a huge picture) stop here. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const NAME_MAX = 256;
export const DESCRIPTION_MAX = 5000;
export const INDEX_CONTENT_MAX = 200_000;
export const URL_MAX = 1024;
export const TAG_NAME_MAX = 64;
export const CATEGORY_NAME_MAX = 128;
export const MAX_TAGS = 20;
/** Slides per channel page (reference: 12). */
export const SLIDES_PER_PAGE = 12;
/** Dates older than this are shown as a date, newer ones as "3 days ago" (SPEC 9). */
export const RELATIVE_DATE_DAYS = 7;

export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type. Please select pdf or image file';
export const FILE_TOO_BIG_MESSAGE = 'File is too big. File size cannot exceed 25MB';
export const PASSWORD_PROTECTED_MESSAGE = 'You can not upload password protected file.';
export const DUPLICATE_TITLE_MESSAGE = 'Channel contains the given title, please change before Save or Publish.';
export const NAME_REQUIRED_MESSAGE = 'Please give the slide a title.';
export const FILE_OR_URL_MESSAGE = 'Please choose a file or enter a valid YouTube or Google Drive URL.';
export const INVALID_URL_MESSAGE = 'Please enter valid youtube or google doc url';
export const UNREADABLE_PDF_MESSAGE = 'This PDF file cannot be read. Please check the file and try again.';
export const IMAGE_TOO_LARGE_MESSAGE = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
export const PREVIEW_IMAGE_MESSAGE = 'The preview image must be a PNG, JPEG, GIF or WebP picture of at most 5 MB.';
export const LOGIN_TO_VOTE_MESSAGE = 'Please login to vote this slide';
export const ALREADY_VOTED_MESSAGE = 'You have already voted for this slide';
export const MAIL_SENT_MESSAGE = 'Thank you! Mail has been sent.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid e-mail address.';
export const NO_UPLOAD_RIGHT_MESSAGE = 'You cannot upload slides to this channel.';
export const SLIDE_NOT_FOUND_MESSAGE = 'This slide does not exist or you cannot see it.';

/** URLs of the module (SPEC 7 and the reference's routes). */
export const slideUrls = {
  channels: '/slides',
  channel: (c: { id: number; name: string }) => `/slides/${slug(c)}`,
  slide: (s: { id: number; name: string }) => `/slides/slide/${slug(s)}`,
  pdf: (id: number) => `/slides/slide/${id}/pdf_content`,
  embed: (id: number, page = 1) => `/slides/embed/${id}?page=${page}`,
  image: (id: number) => `/web/image/slide.slide/${id}/image`,
  like: '/slides/slide/like',
  dislike: '/slides/slide/dislike',
  shareEmail: '/slides/slide/send_share_email',
  share: (id: number) => `/slides/slide/${id}/share`,
  voteForm: (id: number) => `/slides/slide/${id}/vote`,
  shareEmailForm: (id: number) => `/slides/slide/${id}/share_email`,
  dialogPreview: '/slides/dialog_preview/',
  addSlide: '/slides/add_slide',
  categories: '/slides/categories',
} as const;

/** `Intro to the platform` + 4 -> `intro-to-the-platform-4` (the id is what counts). */
export function slug(r: { id: number; name: string }): string {
  const words = r.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return words ? `${words}-${r.id}` : String(r.id);
}

/** A URL the dialog accepts instead of a file: its kind and document id, or null (SPEC 4.3). */
export function parseDocumentUrl(raw: string): { kind: 'youtube' | 'google'; id: string } | null {
  const url = raw.trim();
  if (url.length > URL_MAX) return null;
  const yt = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com|youtu\.be)\/(?:watch\?(?:.*&)?v=|embed\/|v\/|u\/\w\/|)([\w-]{11})(?:[?&#].*)?$/i.exec(url);
  if (yt) return { kind: 'youtube', id: yt[1] };
  const g = /^https:\/\/(?:docs|drive)\.google\.com\/(?:[\w/-]*\/)?d\/([\w-]{10,100})(?:[/?#].*)?$/i.exec(url);
  if (g) return { kind: 'google', id: g[1] };
  return null;
}

/** Where a video is played: the embed address of its provider (computed, no network). */
export function videoEmbedUrl(kind: 'youtube' | 'google', id: string): string {
  return kind === 'youtube' ? `https://www.youtube.com/embed/${id}?theme=light` : `https://drive.google.com/file/d/${id}/preview`;
}

/** The embed page input: a whole number between 1 and the page count, else 1 (SPEC 5). */
export function embedPage(value: unknown, pageCount: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(n) && n >= 1 && n <= Math.max(1, pageCount) ? n : 1;
}
