/**
 * "1 click", "2 clicks", "0 clic" in French: a count with the plural form the language asks for
 * (`Intl.PluralRules`), the number written the language's way. `one` and `other` are UI sources with
 * `%s` for the number, translated by `t`. Runs on the server and in the browser.
 */
export function countText(n: number, lang: string, one: string, other: string, t: (source: string) => string): string {
  const { plural, number } = formatsOf(lang);
  return t(plural.select(n) === 'one' ? one : other).replace('%s', number.format(n));
}

/** A language's plural rules and number format, made once (each costs more than the text it serves). */
const formats = new Map<string, { plural: Intl.PluralRules; number: Intl.NumberFormat }>();

function formatsOf(lang: string): { plural: Intl.PluralRules; number: Intl.NumberFormat } {
  let found = formats.get(lang);
  if (!found) {
    const locale = lang.replace('_', '-');
    // `Intl.NumberFormat(locale).format(n)` is what `n.toLocaleString(locale)` does.
    found = { plural: new Intl.PluralRules(locale), number: new Intl.NumberFormat(locale) };
    if (formats.size < 100) formats.set(lang, found); // languages of the site: a few
  }
  return found;
}
