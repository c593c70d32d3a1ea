import { ATTENDEE_EMAIL_MAX, ATTENDEE_NAME_MAX, ATTENDEE_PHONE_MAX } from '../../common/event-schemas';

export interface AttendeeTicket { ticketId: number; name: string; quantity: number }

export interface AttendeeFormProps {
  t: (s: string) => string;
  action: string;
  csrfToken: string;
  tickets: AttendeeTicket[];
  /** A refused post: what was typed and each field's message. */
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  /** In the modal the dialog has its own title and close button. */
  inModal?: boolean;
}

/**
 * The attendee details: a block per attendee with `<n>-name`, `<n>-email`, `<n>-phone` and a hidden
 * `<n>-ticket_id` (n counts from 1 across the tickets, the reference's naming), posted as a plain form.
 * The same markup is the modal's body (rendered to HTML by the JSON call) and the page without JavaScript.
 */
export function AttendeeForm({ t, action, csrfToken, tickets, values = {}, errors = {}, inModal }: AttendeeFormProps) {
  let n = 0;
  const blocks = tickets.flatMap((tk) => Array.from({ length: tk.quantity }, () => ({ n: ++n, ticket: tk })));
  const v = (k: string) => (values[k] === undefined || values[k] === null ? '' : String(values[k]));
  const field = (i: number, name: 'name' | 'email' | 'phone', label: string, type: string, max: number, required: boolean) => {
    const key = `${i}-${name}`;
    const error = errors[key];
    return (
      <div className="col-md-4">
        <label className="form-label" htmlFor={`attendee_${key}`}>{t(label)}{required ? <span aria-hidden="true"> *</span> : null}</label>
        <input id={`attendee_${key}`} name={key} type={type} defaultValue={v(key)} required={required} maxLength={max}
          autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'tel'}
          className={`form-control${error ? ' is-invalid' : ''}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `attendee_${key}_error` : undefined} />
        {error ? <div id={`attendee_${key}_error`} className="invalid-feedback">{t(error)}</div> : null}
      </div>
    );
  };
  return (
    <form method="post" action={action} className="attendee-form" id="attendee_form">
      <input type="hidden" name="csrf_token" value={csrfToken} />
      {errors[''] ? <div className="alert alert-danger" role="alert">{t(errors[''])}</div> : null}
      {blocks.map(({ n: i, ticket }) => (
        <fieldset key={i} className="border rounded p-3 mb-3">
          <legend className="float-none w-auto px-2 fs-6 fw-semibold mb-0">{t('Attendee')} #{i} <span className="text-body-secondary fw-normal">({ticket.name})</span></legend>
          <input type="hidden" name={`${i}-ticket_id`} value={ticket.ticketId} />
          <div className="row g-2">
            {field(i, 'name', 'Name', 'text', ATTENDEE_NAME_MAX, true)}
            {field(i, 'email', 'E-mail', 'email', ATTENDEE_EMAIL_MAX, true)}
            {field(i, 'phone', 'Phone', 'tel', ATTENDEE_PHONE_MAX, false)}
          </div>
        </fieldset>
      ))}
      <div className={inModal ? 'text-end' : ''}>
        <button type="submit" className="btn btn-primary">{t('Continue')}</button>
      </div>
    </form>
  );
}
