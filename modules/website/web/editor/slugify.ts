/**
 * "Qui sommes-nous ?" -> "qui-sommes-nous": the URL proposed for a new page (accents dropped, at most
 * 80 characters). Runs in the browser (the new-page dialog) and on the server (the URL it stores).
 */
export function slugify(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
}
