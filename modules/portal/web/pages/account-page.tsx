import { page } from '@platform/web/render';
import { useT } from '@platform/web/client/web-context';
import type { CountryOption, DetailField, DetailValues, FieldErrors, StateOption } from '../../server/services/account-details';
import AddressSelects from '../islands/address-selects';

export interface AccountPageProps {
  values: DetailValues;
  errors: FieldErrors;
  messages: string[];
  countries: CountryOption[];
  states: StateOption[];
  /** The details were just saved: show the notice. */
  saved: boolean;
  redirect: string;
  csrfToken: string;
}

/** A text input with its label and, when the server flagged it, its error tied by aria-describedby. */
function Field({ name, label, type = 'text', required, autoComplete, p }: { name: DetailField; label: string; type?: string; required?: boolean; autoComplete: string; p: AccountPageProps }) {
  const _t = useT();
  const error = p.errors[name];
  const id = `portal-${name}`;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{_t(label)}{required ? <span aria-hidden="true"> *</span> : null}</label>
      <input id={id} name={name} type={type} defaultValue={p.values[name]} autoComplete={autoComplete}
        aria-required={required ? 'true' : undefined} aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined} />
      {error ? <p id={`${id}-error`} className="field-error">{error === 'missing' ? _t('This field is required.') : _t('This value is not valid.')}</p> : null}
    </div>
  );
}

function AccountForm(p: AccountPageProps) {
  const _t = useT();
  return (
    <section className="portal-account">
      <h1>{_t('Your details')}</h1>
      {p.saved ? <p className="alert alert-success" role="status">{_t('Your details have been saved.')}</p> : null}
      {p.messages.length ? (
        <div className="alert alert-danger" role="alert">
          <ul>{p.messages.map((m) => <li key={m}>{_t(m)}</li>)}</ul>
        </div>
      ) : null}
      <form method="post" action="/my/account" className="portal-details">
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        {p.redirect ? <input type="hidden" name="redirect" value={p.redirect} /> : null}
        <fieldset>
          <legend>{_t('Contact')}</legend>
          <Field p={p} name="name" label="Your name" required autoComplete="name" />
          <Field p={p} name="email" label="Email" type="email" required autoComplete="email" />
          <Field p={p} name="phone" label="Phone" type="tel" required autoComplete="tel" />
          <Field p={p} name="company_name" label="Company name" autoComplete="organization" />
          <Field p={p} name="vat" label="VAT number" autoComplete="off" />
        </fieldset>
        <fieldset>
          <legend>{_t('Address')}</legend>
          <Field p={p} name="street" label="Street" required autoComplete="street-address" />
          <Field p={p} name="city" label="City" required autoComplete="address-level2" />
          <Field p={p} name="zipcode" label="Zip / Postal code" autoComplete="postal-code" />
          <AddressSelects countries={p.countries} states={p.states} countryId={p.values.country_id} stateId={p.values.state_id}
            countryError={p.errors.country_id ?? null} stateError={p.errors.state_id ?? null} />
        </fieldset>
        <p><button type="submit" className="btn-primary">{_t('Save')}</button></p>
      </form>
    </section>
  );
}

export function accountPage(p: AccountPageProps) {
  return page('My account', <AccountForm {...p} />);
}
