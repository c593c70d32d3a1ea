import { countText } from '@platform/common';

/** "1 click", "2 clicks": the plural form of the page's language (French: "0 clic", "1 clic", "2 clics"). */
export function clickCount(n: number, lang: string, _t: (s: string) => string): string {
  return countText(n, lang, '%s click', '%s clicks', _t);
}
