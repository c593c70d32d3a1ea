import { useState } from 'react';
import { defineIsland } from '@platform/web/island';
import { rpc } from '@platform/web/client/rpc';
import { useT } from '@platform/web/client/web-context';

export interface UnsubscribeFormProps {
  mailingId: number;
  email: string;
  token: string;
  lists: Array<{ id: number; name: string; subscribed: boolean }>;
}

/** Checkboxes of the lists for one address; saving sends the ticked lists as opt-in, the others as opt-out. */
function UnsubscribeForm({ mailingId, email, token, lists }: UnsubscribeFormProps) {
  const _t = useT();
  const [checked, setChecked] = useState(() => new Set(lists.filter((l) => l.subscribed).map((l) => l.id)));
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'unchanged' | 'failed'>('idle');

  const toggle = (id: number) => {
    const next = new Set(checked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChecked(next);
    setStatus('idle');
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setStatus('saving');
    try {
      const { changed } = await rpc<{ changed: boolean }>('/mail/mailing/unsubscribe', {
        mailing_id: mailingId, email, token,
        opt_in_ids: lists.filter((l) => checked.has(l.id)).map((l) => l.id),
        opt_out_ids: lists.filter((l) => !checked.has(l.id)).map((l) => l.id),
      });
      setStatus(changed ? 'saved' : 'unchanged');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <form className="unsubscribe-form" onSubmit={save}>
      <fieldset className="card card-body mb-3">
        <legend className="fs-6 fw-semibold">{_t('Mailing lists of')} <strong>{email}</strong></legend>
        {lists.map((l) => (
          <div className="unsubscribe-list form-check" key={l.id}>
            <input type="checkbox" className="form-check-input" id={`list-${l.id}`} checked={checked.has(l.id)} onChange={() => toggle(l.id)} />
            <label className="form-check-label" htmlFor={`list-${l.id}`}>{l.name}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-save" disabled={status === 'saving'}>{_t('Save')}</button>
      <p role="status" className={`unsubscribe-status mt-2 is-${status}`}>
        {status === 'saved' ? _t('Your changes have been saved.') : status === 'unchanged' ? _t('Nothing changed: your subscriptions were already like this.') : status === 'failed' ? _t('Your changes have not been saved, try again later.') : ''}
      </p>
    </form>
  );
}

export default defineIsland('mass_mailing.unsubscribe_form', UnsubscribeForm);
