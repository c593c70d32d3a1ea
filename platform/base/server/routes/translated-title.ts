import type { RequestContext } from '@platform/http/route-definition';
import type { TranslationCatalog } from '@platform/web/translation-catalog';

/** A page whose tab title is in the request's language (bodies translate themselves with `useT`). */
export function translatedTitle<T extends { title: string }>(catalog: TranslationCatalog, req: RequestContext, p: T): T {
  return { ...p, title: catalog.translate(req.site.modules, req.lang, p.title) };
}
