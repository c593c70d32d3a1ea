import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';

/** The platform's minimum (base's UserAccounts checks it again on the server). */
const MIN_PASSWORD_LENGTH = 8;
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
  /** Errors of the change-of-password form, per field (English messages, translated when shown). */
  passwordErrors: PasswordErrors;
  /** The password was just changed: show the notice. */
  passwordChanged: boolean;
}

export interface PasswordErrors {
  current_password?: string;
  new_password?: string;
  confirm_password?: string;
}

/** A text input with its label and, when the server flagged it, its error tied by aria-describedby. */
function Field({ name, label, type = 'text', required, autoComplete, p }: { name: DetailField; label: string; type?: string; required?: boolean; autoComplete: string; p: AccountPageProps }) {
  const _t = useT();
  const error = p.errors[name];
  const id = `portal-${name}`;
  return (
    <div className="form-field mb-3">
      <label className="form-label" htmlFor={id}>{_t(label)}{required ? <span aria-hidden="true"> *</span> : null}</label>
      <input id={id} name={name} type={type} defaultValue={p.values[name]} autoComplete={autoComplete}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-required={required ? 'true' : undefined} aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined} />
      {error ? <div id={`${id}-error`} className="invalid-feedback field-error">{error === 'missing' ? _t('This field is required.') : _t('This value is not valid.')}</div> : null}
    </div>
  );
}

/** The change of password: current password, new one twice; errors per field from the server. */
function PasswordForm({ csrfToken, errors, changed }: { csrfToken: string; errors: PasswordErrors; changed: boolean }) {
  const _t = useT();
  const localized = useLocalizedPath();
  const input = (name: keyof PasswordErrors, label: string, autoComplete: string) => {
    const id = `portal-${name}`;
    const error = errors[name];
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={id}>{_t(label)}</label>
        <input id={id} name={name} type="password" autoComplete={autoComplete} required maxLength={1024}
          minLength={name === 'current_password' ? undefined : MIN_PASSWORD_LENGTH}
          className={`form-control${error ? ' is-invalid' : ''}`} aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined} />
        {error ? <div id={`${id}-error`} className="invalid-feedback field-error">{_t(error)}</div> : null}
      </div>
    );
  };
  return (
    <section className="card" aria-labelledby="portal-password-title">
      <div className="card-body">
        <h2 id="portal-password-title" className="h5 card-title">{_t('Change your password')}</h2>
        {changed ? <p className="alert alert-success" role="status">{_t('Your password has been changed. Your other devices have been signed out.')}</p> : null}
        <form method="post" action={localized('/my/account/password')}>
          <input type="hidden" name="csrf_token" value={csrfToken} />
          {input('current_password', 'Current password', 'current-password')}
          {input('new_password', 'New password', 'new-password')}
          {input('confirm_password', 'Confirm the new password', 'new-password')}
          <button type="submit" className="btn btn-outline-primary">{_t('Change password')}</button>
        </form>
      </div>
    </section>
  );
}

function AccountForm(p: AccountPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <div className="container py-4 portal-account">
      <h1 className="mb-3">{_t('Your details')}</h1>
      {p.saved ? <p className="alert alert-success" role="status">{_t('Your details have been saved.')}</p> : null}
      {p.messages.length ? (
        <div className="alert alert-danger" role="alert">
          <ul className="mb-0">{p.messages.map((m) => <li key={m}>{_t(m)}</li>)}</ul>
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-12 col-lg-7">
          <form method="post" action={localized('/my/account')} className="portal-details">
            <input type="hidden" name="csrf_token" value={p.csrfToken} />
            {p.redirect ? <input type="hidden" name="redirect" value={p.redirect} /> : null}
            <fieldset className="card mb-3">
              <div className="card-body">
                <legend className="h5 card-title">{_t('Contact')}</legend>
                <Field p={p} name="name" label="Your name" required autoComplete="name" />
                <Field p={p} name="email" label="Email" type="email" required autoComplete="email" />
                <Field p={p} name="phone" label="Phone" type="tel" required autoComplete="tel" />
                <Field p={p} name="company_name" label="Company name" autoComplete="organization" />
                <Field p={p} name="vat" label="VAT number" autoComplete="off" />
              </div>
            </fieldset>
            <fieldset className="card mb-3">
              <div className="card-body">
                <legend className="h5 card-title">{_t('Address')}</legend>
                <Field p={p} name="street" label="Street" required autoComplete="street-address" />
                <Field p={p} name="city" label="City" required autoComplete="address-level2" />
                <Field p={p} name="zipcode" label="Zip / Postal code" autoComplete="postal-code" />
                <AddressSelects countries={p.countries} states={p.states} countryId={p.values.country_id} stateId={p.values.state_id}
                  countryError={p.errors.country_id ?? null} stateError={p.errors.state_id ?? null} />
              </div>
            </fieldset>
            <p><button type="submit" className="btn btn-primary">{_t('Save')}</button></p>
          </form>
        </div>
        <div className="col-12 col-lg-5">
          <PasswordForm csrfToken={p.csrfToken} errors={p.passwordErrors} changed={p.passwordChanged} />
        </div>
      </div>
    </div>
  );
}

export function accountPage(p: AccountPageProps) {
  return page('My account', <AccountForm {...p} />);
}
