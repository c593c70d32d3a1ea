import { injectable } from 'inversify';
import { EMAIL_RE } from '@platform/common';
import type { Env } from '@platform/orm';

/** Fields a customer must fill (reference: MANDATORY_BILLING_FIELDS) and may fill. */
export const MANDATORY_FIELDS = ['name', 'phone', 'email', 'street', 'city', 'country_id'] as const;
export const OPTIONAL_FIELDS = ['zipcode', 'state_id', 'vat', 'company_name'] as const;
export type DetailField = (typeof MANDATORY_FIELDS)[number] | (typeof OPTIONAL_FIELDS)[number];
const ALL_FIELDS: readonly string[] = [...MANDATORY_FIELDS, ...OPTIONAL_FIELDS];
/** Form keys that are not partner fields: where to go after saving. */
const CONTROL_FIELDS = ['redirect'];

/** Column sizes of res.partner, checked here so a long value is a field error, not a failed write. */
const MAX_LENGTH: Record<string, number> = { name: 256, email: 256, phone: 64, street: 256, city: 128, zipcode: 24, vat: 64, company_name: 256 };

export const MESSAGES = {
  invalidEmail: 'Invalid Email! Please enter a valid email address.',
  missing: 'Some required fields are empty.',
  unknownCountry: 'Please choose a country from the list.',
  wrongState: 'The chosen state does not belong to the chosen country.',
  tooLong: 'Some values are too long.',
  repeated: 'Each field may be sent only once.',
  unknownField: (keys: string[]) => `Unknown field '${keys.join(',')}'`,
};

/** 'missing' (required and empty) or 'error' (present but wrong), per field; `common` for unknown keys. */
export type FieldErrors = Partial<Record<DetailField | 'common', string>>;

/** The form as the page shows it: every value as text. */
export type DetailValues = Record<DetailField, string>;

export interface CheckResult {
  values: DetailValues;
  errors: FieldErrors;
  messages: string[];
}

/** `stateRequired`: the country's addresses name a state (`res.country.state_required`), so the form asks for one. */
export interface CountryOption { id: number; name: string; stateRequired?: true }
export interface StateOption { id: number; name: string; code: string }

const collators = new Map<string, Intl.Collator>();
/** One collator per language (`fr_FR` -> `fr-FR`); building one costs more than sorting 250 names. */
function collatorFor(lang: string): Intl.Collator {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang.replace('_', '-'), { sensitivity: 'base' });
    collators.set(lang, collator);
  }
  return collator;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Reads, validates and saves the signed-in user's contact details. Validation runs in the reference
 * order (required, e-mail, unknown keys) and adds what it did not check: the country must exist, the
 * state must belong to it and is required where the country's addresses need one (`state_required`). Nothing is written on error.
 */
@injectable()
export class AccountDetails {
  async load(env: Env, partnerId: number): Promise<DetailValues> {
    const [p] = await env.sudo().model('res.partner').read([partnerId], ['name', 'email', 'phone', 'street', 'city', 'zip', 'country_id', 'state_id', 'vat', 'company_name']);
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const id = (v: unknown) => (Array.isArray(v) ? String(v[0]) : '');
    return {
      name: str(p.name), email: str(p.email), phone: str(p.phone), street: str(p.street), city: str(p.city),
      zipcode: str(p.zip), country_id: id(p.country_id), state_id: id(p.state_id), vat: str(p.vat), company_name: str(p.company_name),
    };
  }

  /** Countries named in the environment's language, in that language's alphabetical order (Égypte among the E's). */
  async countries(env: Env): Promise<CountryOption[]> {
    const rows = await env.model('res.country').search_read([], ['name', 'state_required']);
    const collator = collatorFor(env.lang);
    // The flag only where set: the list travels in the page's island props, 250 countries long.
    return rows.map((r): CountryOption => ({ id: Number(r.id), name: String(r.name), ...(r.state_required === true ? { stateRequired: true as const } : {}) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }

  /**
   * States of a country, in the language's alphabetical order. Their names are as the ISO data package
   * has them (country-state-city: one name per subdivision, no translations).
   */
  async states(env: Env, countryId: number): Promise<StateOption[]> {
    if (!Number.isInteger(countryId) || countryId <= 0) return [];
    const rows = await env.model('res.country.state').search_read([['country_id', '=', countryId]], ['name', 'code']);
    const collator = collatorFor(env.lang);
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name), code: String(r.code) })).sort((a, b) => collator.compare(a.name, b.name));
  }

  async check(env: Env, posted: Record<string, unknown>): Promise<CheckResult> {
    const values = Object.fromEntries(ALL_FIELDS.map((f) => [f, text(posted[f])])) as DetailValues;
    const errors: FieldErrors = {};
    const messages: string[] = [];

    for (const f of MANDATORY_FIELDS) if (!values[f]) errors[f] = 'missing';
    if (values.email && !EMAIL_RE.test(values.email)) { // the reference platform's single_email_re
      errors.email = 'error';
      messages.push(MESSAGES.invalidEmail);
    }
    // A repeated key arrives as a list: not something this form sends.
    const repeated = ALL_FIELDS.filter((f) => posted[f] !== undefined && typeof posted[f] !== 'string');
    for (const f of repeated) errors[f as DetailField] = 'error';
    if (repeated.length) messages.push(MESSAGES.repeated);
    const long = ALL_FIELDS.filter((f) => MAX_LENGTH[f] && values[f as DetailField].length > MAX_LENGTH[f]);
    for (const f of long) errors[f as DetailField] = 'error';
    if (long.length) messages.push(MESSAGES.tooLong);

    await this.checkCountryAndState(env, values, errors, messages);

    if (Object.values(errors).includes('missing')) messages.push(MESSAGES.missing);
    const unknown = Object.keys(posted).filter((k) => !ALL_FIELDS.includes(k) && !CONTROL_FIELDS.includes(k));
    if (unknown.length) {
      errors.common = 'Unknown field';
      messages.push(MESSAGES.unknownField(unknown));
    }
    return { values, errors, messages };
  }

  private async checkCountryAndState(env: Env, values: DetailValues, errors: FieldErrors, messages: string[]): Promise<void> {
    if (!values.country_id) {
      if (values.state_id) errors.state_id = 'error';
      return;
    }
    const countryId = /^\d{1,9}$/.test(values.country_id) ? Number(values.country_id) : 0;
    const [country] = countryId > 0 ? await env.sudo().model('res.country').search_read([['id', '=', countryId]], ['state_required']) : [];
    if (!country) {
      errors.country_id = 'error';
      messages.push(MESSAGES.unknownCountry);
      return;
    }
    const states = await this.states(env.sudo(), countryId);
    if (values.state_id) {
      if (!states.some((s) => String(s.id) === values.state_id)) {
        errors.state_id = 'error';
        messages.push(MESSAGES.wrongState);
      }
    } else if (states.length > 0 && country.state_required === true) {
      // Only where addresses name a state: France has regions in the ISO data, but no French address needs one.
      errors.state_id = 'missing';
    }
  }

  /** Writes checked values on the user's own contact (sudo: the target is fixed, the values are checked). */
  async save(env: Env, partnerId: number, values: DetailValues): Promise<void> {
    await env.sudo().model('res.partner').write([partnerId], {
      name: values.name, email: values.email, phone: values.phone, street: values.street, city: values.city,
      zip: values.zipcode || false, country_id: Number(values.country_id), state_id: values.state_id ? Number(values.state_id) : false,
      vat: values.vat || false, company_name: values.company_name || false,
    });
  }
}
