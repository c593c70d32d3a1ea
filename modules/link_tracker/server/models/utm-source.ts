import { utmModel } from './utm-model';

/** Who sends the visitor (a newsletter, a partner site...). */
export const UtmSource = utmModel('utm.source', 'Source', 'source');
