import { useRef, useState } from 'react';
import { useFormik } from 'formik';
import { defineIsland, ModalDialog, rpc, useLocalizedPath, useT } from '@platform/web/client';
import { SEAT_MESSAGES } from '../../common/event-rules';
import { quantitiesSchema, totalQuantity } from '../../common/event-schemas';
import type { TicketSelect } from '../../common/page-props';

export interface RegistrationFormProps {
  /** No-JS target: the quantities posted as a form answer the attendee page. */
  action: string;
  /** The JSON call: the selects -> the attendee modal's HTML, or false. */
  jsonAction: string;
  selects: TicketSelect[];
  lang: string;
}

const price = (n: number, lang: string) => n.toLocaleString(lang.replace('_', '-'), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * `#registration_form`: a select per ticket (0..9, or up to the seats left). Without JavaScript it posts
 * to the attendee page. Hydrated, formik checks the selects by the schema the server uses; the form's
 * selects go to the JSON call, whose HTML opens in a modal; the button stays disabled from the submit
 * until the modal is closed.
 */
function RegistrationForm({ action, jsonAction, selects, lang }: RegistrationFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const [modal, setModal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formik = useFormik<Record<string, number>>({
    initialValues: Object.fromEntries(selects.map((s) => [s.name, 0])),
    validationSchema: quantitiesSchema(selects),
    onSubmit: async (values) => {
      setMessage(null);
      if (totalQuantity(values) === 0) { setMessage(SEAT_MESSAGES.noneChosen); return; }
      setBusy(true);
      try {
        const html = await rpc<string | false>(localized(jsonAction), { quantities: values });
        if (html === false) { setMessage(SEAT_MESSAGES.noneChosen); setBusy(false); return; }
        setModal(html);
      } catch (err) {
        setMessage((err as Error).message);
        setBusy(false);
      }
    },
  });
  const close = () => { setModal(null); setBusy(false); };
  const errorOf = (name: string) => (formik.errors[name] ? String(formik.errors[name]) : null);
  return (
    <>
      <form ref={formRef} id="registration_form" method="post" action={localized(action)} onSubmit={formik.handleSubmit} noValidate aria-busy={busy}>
        <div>
          <table className="table align-middle mb-3">
            <thead><tr><th scope="col">{_t('Ticket')}</th><th scope="col" className="text-end">{_t('Price')}</th><th scope="col" className="text-end">{_t('Quantity')}</th></tr></thead>
            <tbody>
              {selects.map((s) => (
                <tr key={s.name}>
                  <th scope="row" className="fw-normal">
                    <label htmlFor={`select_${s.name}`}>{_t(s.label)}</label>
                    {s.unavailable ? <span className="badge text-bg-secondary ms-2">{_t('Not on sale here')}</span>
                      : s.max === 0 ? <span className="badge text-bg-danger ms-2">{_t('Sold out')}</span>
                      : s.left !== null && s.left < 10 ? <span className="badge text-bg-warning ms-2">{_t(SEAT_MESSAGES.onlyLeft(s.left))}</span> : null}
                    {errorOf(s.name) ? <div className="text-danger small">{_t(errorOf(s.name)!)}</div> : null}
                  </th>
                  <td className="text-end text-nowrap">{s.price > 0 ? price(s.price, lang) : _t('Free')}</td>
                  <td className="text-end">
                    <select id={`select_${s.name}`} name={s.name} className="form-select d-inline-block w-auto" value={formik.values[s.name]}
                      onChange={(e) => void formik.setFieldValue(s.name, Number(e.target.value))} disabled={s.max === 0}>
                      {Array.from({ length: s.max + 1 }, (_, i) => <option key={i} value={i}>{i}</option>)}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {message ? <div className="alert alert-warning" role="alert">{_t(message)}</div> : null}
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>{_t('Register Now')}</button>
      </form>
      <ModalDialog open={modal !== null} title={_t('Attendees')} onClose={close}>
        {modal !== null ? <div dangerouslySetInnerHTML={{ __html: modal }} /> : null}
      </ModalDialog>
    </>
  );
}

export default defineIsland('event.registration_form', RegistrationForm);
