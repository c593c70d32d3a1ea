import { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { ValidationError } from 'yup';
import { defineIsland, rpc, useT } from '@platform/web/client';
import {
  ADDRESS_URL, COUNTRY_INFOS_DELAY_MS, COUNTRY_INFOS_URL, addressSchema,
  type AddressErrors, type AddressField, type CountryInfos, type PackedCountry, type StateOption, unpackCountries,
} from '../../common/checkout-schemas';

export interface AddressFormProps {
  values: Record<AddressField, string>;
  errors: AddressErrors;
  /** Every country, packed (`packCountries`: the props are JSON in the page). */
  countries: readonly PackedCountry[];
  /** The states of the posted country, as the server rendered them. */
  states: readonly StateOption[];
  csrfToken: string;
}

/**
 * The checkout address. Without JavaScript a plain post, which the server checks by `addressSchema` and
 * the country's rules and answers with the form again, each message under its field. Hydrated, formik
 * checks the same schema with the chosen country's rules (a state where its addresses name one, a zip
 * where it has them), and the states follow the country through `/shop/country_infos/<id>`, asked
 * 500 ms after the last change; a form that passes is posted as it is.
 */
function AddressForm(p: AddressFormProps) {
  const _t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [states, setStates] = useState(p.states);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const countries = unpackCountries(p.countries); // once per list (kept per packed list)
  const countryOf = (id: string) => countries.find((c) => String(c.id) === id);
  const contextOf = (id: string) => {
    const c = countryOf(id);
    return { hasStates: Boolean(c?.hasStates), stateRequired: Boolean(c?.stateRequired), zipRequired: Boolean(c?.zipRequired) };
  };
  const formik = useFormik({
    initialValues: p.values,
    initialErrors: p.errors,
    initialTouched: Object.fromEntries(Object.keys(p.errors).map((k) => [k, true])),
    validate: (values) => {
      try {
        addressSchema.validateSync(values, { abortEarly: false, context: contextOf(values.country_id) });
        return {};
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        return Object.fromEntries(err.inner.filter((e) => e.path).map((e) => [e.path, e.message]));
      }
    },
    onSubmit: () => form.current?.submit(),
  });
  const countryId = formik.values.country_id;
  const { setFieldValue } = formik;

  useEffect(() => {
    if (countryId === p.values.country_id && latest.current === 0) return undefined;
    const request = ++latest.current;
    if (!countryId) {
      setStates([]);
      return undefined;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      rpc<CountryInfos>(`${COUNTRY_INFOS_URL}/${countryId}`, { mode: 'billing' })
        .then((infos) => { if (request === latest.current) setStates(infos.states.map(([id, name]) => ({ id, name }))); })
        .catch(() => { if (request === latest.current) setStates([]); })
        .finally(() => { if (request === latest.current) setLoading(false); });
    }, COUNTRY_INFOS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [countryId, p.values.country_id]);

  const error = (f: AddressField) => (formik.touched[f] && formik.errors[f] ? String(formik.errors[f]) : undefined);
  const ctx = contextOf(countryId);
  const input = (f: AddressField, label: string, opts: { type?: string; autoComplete?: string; required?: boolean; col?: string } = {}) => (
    <div className={`${opts.col ?? 'col-12'} mb-3`}>
      <label className="form-label" htmlFor={`shop-${f}`}>{label}{opts.required ? <span aria-hidden="true"> *</span> : null}</label>
      <input id={`shop-${f}`} name={f} type={opts.type ?? 'text'} autoComplete={opts.autoComplete} className={`form-control${error(f) ? ' is-invalid' : ''}`}
        value={formik.values[f]} onChange={formik.handleChange} onBlur={formik.handleBlur}
        aria-required={opts.required ? 'true' : undefined} aria-invalid={error(f) ? 'true' : undefined} aria-describedby={error(f) ? `shop-${f}-error` : undefined} />
      {error(f) ? <div id={`shop-${f}-error`} className="invalid-feedback">{_t(error(f)!)}</div> : null}
    </div>
  );

  return (
    <form ref={form} method="post" action={ADDRESS_URL} onSubmit={formik.handleSubmit} noValidate className="row shop-address-form" aria-busy={loading}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      {Object.keys(p.errors).length ? <div className="col-12"><div className="alert alert-danger" role="alert">{_t('Some required fields are empty or not valid.')}</div></div> : null}
      {input('name', _t('Name'), { autoComplete: 'name', required: true })}
      {input('email', _t('Email'), { type: 'email', autoComplete: 'email', required: true, col: 'col-md-6' })}
      {input('phone', _t('Phone'), { type: 'tel', autoComplete: 'tel', required: true, col: 'col-md-6' })}
      {input('street', _t('Street'), { autoComplete: 'street-address', required: true })}
      {input('city', _t('City'), { autoComplete: 'address-level2', required: true, col: 'col-md-8' })}
      {input('zip', _t('Zip code'), { autoComplete: 'postal-code', required: ctx.zipRequired, col: 'col-md-4' })}
      <div className="col-md-6 mb-3">
        <label className="form-label" htmlFor="shop-country_id">{_t('Country')}<span aria-hidden="true"> *</span></label>
        <select id="shop-country_id" name="country_id" className={`form-select${error('country_id') ? ' is-invalid' : ''}`} value={countryId}
          onChange={(e) => { void setFieldValue('country_id', e.target.value); void setFieldValue('state_id', '', false); }} onBlur={formik.handleBlur}
          aria-required="true" aria-invalid={error('country_id') ? 'true' : undefined} aria-describedby={error('country_id') ? 'shop-country_id-error' : undefined}>
          <option value="">{_t('Country...')}</option>
          {countries.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
        </select>
        {error('country_id') ? <div id="shop-country_id-error" className="invalid-feedback">{_t(error('country_id')!)}</div> : null}
      </div>
      {states.length > 0 ? (
        <div className="col-md-6 mb-3">
          <label className="form-label" htmlFor="shop-state_id">{_t('State / Province')}{ctx.stateRequired ? <span aria-hidden="true"> *</span> : null}</label>
          <select id="shop-state_id" name="state_id" className={`form-select${error('state_id') ? ' is-invalid' : ''}`} value={formik.values.state_id}
            onChange={formik.handleChange} onBlur={formik.handleBlur}
            aria-required={ctx.stateRequired ? 'true' : undefined} aria-invalid={error('state_id') ? 'true' : undefined} aria-describedby={error('state_id') ? 'shop-state_id-error' : undefined}>
            <option value="">{_t('Select...')}</option>
            {states.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
          </select>
          {error('state_id') ? <div id="shop-state_id-error" className="invalid-feedback">{_t(error('state_id')!)}</div> : null}
        </div>
      ) : null}
      <div className="col-12 d-flex flex-wrap gap-2 justify-content-between">
        <a href="/shop/cart" className="btn btn-outline-secondary">{_t('Back to cart')}</a>
        <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting && loading}>{_t('Next')}</button>
      </div>
    </form>
  );
}

export default defineIsland('sale.address_form', AddressForm);
