/** `/page/x` in a language whose URL code is `fr` -> `/fr/page/x`; the default language has no prefix. */
export function localizedPath(path: string, urlCode: string | null): string {
  if (!urlCode || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === '/' ? `/${urlCode}` : `/${urlCode}${path}`;
}
