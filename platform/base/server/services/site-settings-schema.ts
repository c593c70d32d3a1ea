import { array, object, string } from 'yup';
import { EMAIL_RE } from '@platform/common/email-pattern';
import { HTTP_URL, SOCIAL_NETWORKS } from '../models/website';

/** Public base URL: scheme and host (port allowed), nothing after; the model's constraint says the same. */
export const BASE_URL_RE = /^https?:\/\/[^\s/?#@]+\/*$/i;

export const SETTINGS_LIMITS = { name: 128, url: 256, email: 256, phone: 64, address: 1000, footer: 2000 } as const;

/** The settings form's values, every one as text (as a form posts them); languages as a list of codes. */
export interface SiteSettingsValues {
  name: string;
  base_url: string;
  default_lang: string;
  languages: string[];
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  /** `footer_text_<lang code>`: the about text in each of the site's languages. */
  [key: string]: string | string[];
}

/**
 * One schema for the settings form, checked by the server on every save (the browser's form carries
 * the same limits as attributes). `installed` are the language codes one may choose from.
 */
export function siteSettingsSchema(installed: readonly string[]) {
  const optional = (max: number) => string().trim().max(max, 'This value is too long.');
  const url = optional(SETTINGS_LIMITS.url).test('url', 'Write a full address starting with https://', (v) => !v || (HTTP_URL.test(v) && URL.canParse(v)));
  return object({
    name: string().trim().required('This field is required.').max(SETTINGS_LIMITS.name, 'This value is too long.'),
    base_url: optional(SETTINGS_LIMITS.url).test('origin', 'Write the scheme and host only, e.g. https://www.example.com', (v) => !v || (BASE_URL_RE.test(v) && URL.canParse(v))),
    languages: array(string().required().oneOf([...installed], 'Choose languages from the list.')).min(1, 'Choose at least one language.').max(installed.length),
    default_lang: string().required('This field is required.').oneOf([...installed], 'Choose languages from the list.')
      .test('among', 'The default language must be one of the site\'s languages.', function (v) {
        return !v || ((this.parent as { languages?: string[] }).languages ?? []).includes(v);
      }),
    contact_email: optional(SETTINGS_LIMITS.email).test('email', 'This is not an e-mail address.', (v) => !v || EMAIL_RE.test(v)),
    contact_phone: optional(SETTINGS_LIMITS.phone),
    contact_address: optional(SETTINGS_LIMITS.address),
    ...Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`social_${n}`, url])),
    ...Object.fromEntries(installed.map((code) => [`footer_text_${code}`, optional(SETTINGS_LIMITS.footer)])),
  });
}
