import { useRef, useState } from 'react';
import { defineIsland, rpc, useT } from '@platform/web/client';

export interface AddressSelectsProps {
  /** `stateRequired`: this country's addresses name a state, so the state select is required. */
  countries: Array<{ id: number; name: string; stateRequired?: true }>;
  /** States of the selected country, as the server rendered them. */
  states: Array<{ id: number; name: string }>;
  countryId: string;
  stateId: string;
  countryError: string | null;
  stateError: string | null;
}

/**
 * Country and state selects of the details form. Choosing a country loads its states; a country
 * without states shows no state select, and the state is required only where the country's addresses
 * need one. Without JavaScript the server renders the states of the
 * posted country and re-checks the pair, so the form still works.
 */
function AddressSelects(p: AddressSelectsProps) {
  const _t = useT();
  const [countryId, setCountryId] = useState(p.countryId);
  const [states, setStates] = useState(p.states);
  const [stateId, setStateId] = useState(p.stateId);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const chooseCountry = async (value: string) => {
    setCountryId(value);
    setStateId('');
    setFailed(false);
    const request = ++latest.current;
    if (!value) {
      setStates([]);
      return;
    }
    setLoading(true);
    try {
      const loaded = await rpc<Array<{ id: number; name: string }>>('/my/account/states', { country_id: Number(value) });
      if (request === latest.current) setStates(loaded);
    } catch {
      if (request === latest.current) {
        setStates([]);
        setFailed(true);
      }
    } finally {
      if (request === latest.current) setLoading(false);
    }
  };

  const countryErr = p.countryError && countryId === p.countryId ? p.countryError : null;
  const stateErr = p.stateError && countryId === p.countryId ? p.stateError : null;
  const stateRequired = p.countries.some((c) => String(c.id) === countryId && c.stateRequired);
  return (
    <div className="address-selects" aria-busy={loading}>
      <div className="form-field mb-3">
        <label className="form-label" htmlFor="portal-country_id">{_t('Country')}<span aria-hidden="true"> *</span></label>
        <select id="portal-country_id" name="country_id" className={`form-select${countryErr ? ' is-invalid' : ''}`} value={countryId} onChange={(e) => void chooseCountry(e.target.value)}
          aria-required="true" aria-invalid={countryErr ? 'true' : undefined} aria-describedby={countryErr ? 'portal-country_id-error' : undefined}>
          <option value="">{_t('Country...')}</option>
          {p.countries.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
        </select>
        {countryErr ? <div id="portal-country_id-error" className="invalid-feedback field-error">{countryErr === 'missing' ? _t('This field is required.') : _t('This value is not valid.')}</div> : null}
      </div>
      {states.length > 0 ? (
        <div className="form-field mb-3">
          <label className="form-label" htmlFor="portal-state_id">{_t('State / Province')}{stateRequired ? <span aria-hidden="true"> *</span> : null}</label>
          <select id="portal-state_id" name="state_id" className={`form-select${stateErr ? ' is-invalid' : ''}`} value={stateId} onChange={(e) => setStateId(e.target.value)}
            aria-required={stateRequired ? 'true' : undefined} aria-invalid={stateErr ? 'true' : undefined} aria-describedby={stateErr ? 'portal-state_id-error' : undefined}>
            <option value="">{_t('Select...')}</option>
            {states.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
          </select>
          {stateErr ? <div id="portal-state_id-error" className="invalid-feedback field-error">{stateErr === 'missing' ? _t('This field is required.') : _t('This value is not valid.')}</div> : null}
        </div>
      ) : null}
      {failed ? <p className="text-danger field-error" role="alert">{_t('The states of this country could not be loaded. Save to see them.')}</p> : null}
    </div>
  );
}

export default defineIsland('portal.address_selects', AddressSelects);
