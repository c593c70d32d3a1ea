import type { RequestContext } from '@platform/http/route-definition';
import { dateFormatter, type DateFormatter } from './client/dates';
import type { LanguageCatalog } from '@platform/http/language-catalog';

/**
 * Dates formatted on the server in the request's language formats (the same moment formats the
 * browser runtime uses). Islands that only show dates take these labels as props, so they hydrate
 * without downloading moment.
 */
export async function requestDates(languages: LanguageCatalog, req: RequestContext): Promise<DateFormatter> {
  const lang = await languages.find(req.lang);
  return dateFormatter(lang?.dateFormat ?? 'MM/DD/YYYY', lang?.timeFormat ?? 'HH:mm:ss', lang?.code ?? req.lang);
}
