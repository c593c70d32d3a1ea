const LINK_TAG = /<a\b[^>]*>/gi;
const REL = /\srel="[^"]*"/i;
export const NOFOLLOW_REL = 'nofollow ugc noopener noreferrer';

/**
 * Marks every link of sanitised post HTML `rel="nofollow ugc ..."` (the reference's content filter:
 * links in posts of authors under karma_dofollow must not pass search engines' ranking). Applied when
 * the page is rendered, so the links of an author who reaches the karma count from then on. The
 * input is the html field's sanitiser output: attributes double-quoted, `<`, `>` and `"` escaped
 * inside values, so a tag ends at the first `>`.
 */
export function nofollowLinks(html: string): string {
  return html.replace(LINK_TAG, (tag) => (REL.test(tag) ? tag.replace(REL, ` rel="${NOFOLLOW_REL}"`) : tag.replace(/^<a\b/i, (open) => `${open} rel="${NOFOLLOW_REL}"`)));
}
