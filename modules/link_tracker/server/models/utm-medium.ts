import { utmModel } from './utm-model';

/** The channel (e-mail, banner, social network...) a link is published on. */
export const UtmMedium = utmModel('utm.medium', 'Medium', 'medium');
