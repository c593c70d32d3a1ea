/**
 * "1 click", "2 clicks", "0 clic" in French: a count with the plural form the language asks for
 * (`Intl.PluralRules`), the number written the language's way. `one` and `other` are UI sources with
 * `%s` for the number, translated by `t`. Runs on the server and in the browser.
 */
export function countText(n: number, lang: string, one: string, other: string, t: (source: string) => string): string {
  const locale = lang.replace('_', '-');
  const form = new Intl.PluralRules(locale).select(n);
  return t(form === 'one' ? one : other).replace('%s', n.toLocaleString(locale));
}
