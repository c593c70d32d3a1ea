import type { Knex } from 'knex';
import { ValidationError as YupValidationError } from 'yup';
import { AccessError, ValidationError } from '@platform/core/errors';
import type { SiteService } from '@platform/http/site-service';
import type { Env } from '@platform/orm/environment';
import { SOCIAL_NETWORKS } from '../models/website';
import { checkRasterImage, ImageRejected } from './image-check';
import { siteSettingsSchema, type SiteSettingsValues } from './site-settings-schema';

/** The logo as uploaded: at most this many bytes, in a raster format browsers show (no SVG: it can carry scripts). */
export const LOGO_MAX_BYTES = 1024 * 1024;
const LOGO_MAX_SIDE = 4096;

export interface InstalledLanguage { code: string; name: string }

/** Per-field messages (English; the page translates them). */
export type SettingsErrors = Record<string, string>;

const TEXT_FIELDS = ['name', 'base_url', 'contact_email', 'contact_phone', 'contact_address', ...SOCIAL_NETWORKS.map((n) => `social_${n}`)] as const;

/**
 * Site settings (name, public base URL, languages, contact, social links, footer text, logo) read and
 * written for administrators. Values are checked as a whole with the form's yup schema, then written in
 * one transaction (the model's own constraints still apply): on any error nothing is written. A save
 * empties the site cache of this process, so the next page shows it.
 */
export class SiteSettings {
  constructor(private readonly db: Knex, private readonly sites: SiteService) {}

  /** Administrators only: others get an AccessError (403), whatever they can read. */
  assertAdmin(env: Env): void {
    if (!env.hasGroup('base.group_system')) throw new AccessError('Only administrators can change the site settings.');
  }

  async languages(): Promise<InstalledLanguage[]> {
    return this.db('res_lang').where({ active: true }).orderBy('id').select('code', 'name');
  }

  async load(env: Env, siteId: number): Promise<{ values: SiteSettingsValues; hasLogo: boolean }> {
    this.assertAdmin(env);
    const [site] = await env.model('website').read([siteId], [...TEXT_FIELDS, 'default_lang_id', 'language_ids']);
    const langs: Array<{ id: number; code: string }> = await this.db('res_lang').select('id', 'code');
    const code = (id: number) => langs.find((l) => l.id === id)?.code ?? '';
    const raw = await this.db('website').where({ id: siteId }).first('footer_text', 'logo');
    const footer = parseTranslations(raw?.footer_text);
    const values: SiteSettingsValues = {
      name: '', base_url: '', default_lang: '', languages: [], contact_email: '', contact_phone: '', contact_address: '',
    };
    for (const f of TEXT_FIELDS) values[f] = typeof site[f] === 'string' ? site[f] as string : '';
    values.default_lang = code((site.default_lang_id as [number, string])[0]);
    values.languages = (site.language_ids as number[]).map(code).filter(Boolean);
    if (!values.languages.includes(values.default_lang)) values.languages.unshift(values.default_lang);
    for (const l of langs) values[`footer_text_${l.code}`] = footer[l.code] ?? '';
    return { values, hasLogo: Boolean(raw?.logo) };
  }

  /** Reads a posted form into values (unknown keys are refused, lists only where lists belong). */
  read(posted: Record<string, unknown>, installed: readonly string[]): { values: SiteSettingsValues; errors: SettingsErrors } {
    const errors: SettingsErrors = {};
    const known = new Set<string>([...TEXT_FIELDS, 'default_lang', 'languages', ...installed.map((c) => `footer_text_${c}`)]);
    const values: SiteSettingsValues = { name: '', base_url: '', default_lang: '', languages: [], contact_email: '', contact_phone: '', contact_address: '' };
    for (const [key, value] of Object.entries(posted)) {
      if (!known.has(key)) {
        errors.common = `Unknown field '${key.slice(0, 64)}'`;
        continue;
      }
      if (key === 'languages') {
        const list = Array.isArray(value) ? value : [value];
        if (list.length > installed.length || list.some((v) => typeof v !== 'string')) errors.languages = 'Choose languages from the list.';
        else values.languages = list as string[];
      } else if (typeof value !== 'string') {
        errors[key] = 'This value is not valid.';
      } else {
        values[key] = value;
      }
    }
    return { values, errors };
  }

  /** Checks and saves; returns the errors (and writes nothing) when there are any. */
  async save(env: Env, siteId: number, input: SiteSettingsValues, preErrors: SettingsErrors = {}): Promise<SettingsErrors> {
    this.assertAdmin(env);
    const installed = (await this.languages()).map((l) => l.code);
    const errors: SettingsErrors = { ...preErrors };
    let checked: Record<string, unknown> = {};
    try {
      checked = await siteSettingsSchema(installed).validate(input, { abortEarly: false, stripUnknown: true });
    } catch (err) {
      if (!(err instanceof YupValidationError)) throw err;
      for (const e of err.inner.length ? err.inner : [err]) {
        const path = (e.path ?? 'common').replace(/\[\d+\]$/, '');
        errors[path] ??= e.message;
      }
    }
    if (Object.keys(errors).length) return errors;
    const langs: Array<{ id: number; code: string }> = await this.db('res_lang').whereIn('code', checked.languages as string[]).select('id', 'code');
    const langId = (code: string) => langs.find((l) => l.code === code)!.id;
    const text = (f: string) => (checked[f] as string | undefined) || false;
    try {
      await env.transaction(async (tx) => {
        await tx.model('website').write([siteId], {
          ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])),
          name: checked.name,
          default_lang_id: langId(checked.default_lang as string),
          language_ids: [[6, 0, (checked.languages as string[]).map(langId)]],
          footer_text: Object.fromEntries(installed.map((code) => [code, (checked[`footer_text_${code}`] as string | undefined) ?? ''])),
        });
      });
    } catch (err) {
      // The model's constraints have the last word (e.g. the base URL); the form shows it on its field.
      if (!(err instanceof ValidationError)) throw err;
      return { [/base URL/i.test(err.message) ? 'base_url' : 'common']: err.message };
    } finally {
      this.sites.invalidate();
    }
    return {};
  }

  /** Stores an uploaded logo (base64) after checking it is a raster image of a reasonable size; '' removes it. */
  async saveLogo(env: Env, siteId: number, base64: string): Promise<void> {
    this.assertAdmin(env);
    if (base64 === '') {
      await env.model('website').write([siteId], { logo: false });
      return;
    }
    const data = /^data:[^,]{1,100},/.test(base64) ? base64.slice(base64.indexOf(',') + 1) : base64;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) throw new ValidationError('The logo could not be read: send an image file.');
    let bytes: Buffer;
    try {
      // The editor's check (type from the bytes, re-encoded by sharp): what is stored is a picture sharp wrote.
      ({ bytes } = await checkRasterImage(Buffer.from(data, 'base64'), { maxBytes: LOGO_MAX_BYTES, maxPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE, maxSide: LOGO_MAX_SIDE }));
    } catch (err) {
      if (!(err instanceof ImageRejected)) throw err;
      throw new ValidationError(err.reason === 'too-heavy' ? 'The logo is too large: at most 1 MB.'
        : err.reason === 'too-wide' || err.reason === 'too-many-pixels' ? 'The logo is too large: at most 4096 pixels a side.'
          : 'The logo must be a PNG, JPEG, WebP or GIF image.');
    }
    await env.model('website').write([siteId], { logo: bytes.toString('base64') });
    this.sites.invalidate();
  }
}

function parseTranslations(raw: unknown): Record<string, string> {
  if (typeof raw !== 'string' || !raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed as Record<string, string> : {};
  } catch {
    return { en_US: raw };
  }
}
