import { array, boolean, number, object, string, type InferType } from 'yup';

/*
 * The site menu as the editor saves it: the whole tree (one level of sub-entries), each entry an
 * existing record (`id`) or a new link (`url`). Browser (formik) and server check the same rules.
 */

/** A site path (`/about-us`, `/shop?x=1`) or an http(s) address: never `javascript:` or `//host`. */
export const MENU_URL = /^(\/(?![/\\])[^\s\\]*|https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s\\]*)?)$/i;
export const MAX_MENU_ENTRIES = 200;

const name = string().trim().required('Give the entry a name.').max(128, 'A menu entry has at most 128 characters.');
const url = string().trim().max(256, 'A menu URL has at most 256 characters.')
  .matches(MENU_URL, { message: 'Write a path of this site (/contact) or an http(s) address (https://example.com).', excludeEmptyString: true });

/** A new link added in the editor. */
export const menuLinkSchema = object({ name, url: url.required('Give the link an address.') });
export type MenuLinkValues = InferType<typeof menuLinkSchema>;

const entry = {
  id: number().integer().positive(),
  name,
  url,
  visible: boolean().required(),
};
/** One entry and its sub-entries (which have none of their own). */
export const menuSaveSchema = object({
  lang: string().required().max(16),
  entries: array(object({ ...entry, children: array(object(entry)).max(MAX_MENU_ENTRIES) })).required().max(MAX_MENU_ENTRIES),
});
export type MenuSaveValues = InferType<typeof menuSaveSchema>;
