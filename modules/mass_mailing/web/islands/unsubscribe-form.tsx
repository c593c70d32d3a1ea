import { useState } from 'react';
import { defineIsland, rpc, useLocalizedPath, useT } from '@platform/web/client';

/** What the last save did (the plain form's answer sets it on the page it renders). */
export type UnsubscribeStatus = 'idle' | 'saving' | 'saved' | 'unchanged' | 'all' | 'failed';

export interface UnsubscribeFormProps {
  mailingId: number;
  email: string;
  token: string;
  lists: Array<{ id: number; name: string; subscribed: boolean }>;
  status?: UnsubscribeStatus;
}

/** The button that sent the form: "Save" or "Unsubscribe from all". */
export const UNSUBSCRIBE_ALL = 'unsubscribe_all';

/**
 * Checkboxes of the lists for one address. A plain form posting to the server (the link's token in
 * hidden fields), so it works without JavaScript; with it, the same choices go through
 * `/mail/mailing/unsubscribe` and the answer shows in place. "Save" keeps the ticked lists and leaves the
 * others shown; "Unsubscribe from all" leaves every list.
 */
function UnsubscribeForm({ mailingId, email, token, lists, status: initial = 'idle' }: UnsubscribeFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const [checked, setChecked] = useState(() => new Set(lists.filter((l) => l.subscribed).map((l) => l.id)));
  const [status, setStatus] = useState<UnsubscribeStatus>(initial);

  const toggle = (id: number) => {
    const next = new Set(checked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChecked(next);
    setStatus('idle');
  };

  const save = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const all = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === UNSUBSCRIBE_ALL;
    const keep = all ? new Set<number>() : checked;
    setStatus('saving');
    try {
      const { changed } = await rpc<{ changed: boolean }>('/mail/mailing/unsubscribe', {
        mailing_id: mailingId, email, token,
        opt_in_ids: lists.filter((l) => keep.has(l.id)).map((l) => l.id),
        opt_out_ids: lists.filter((l) => !keep.has(l.id)).map((l) => l.id),
      });
      setChecked(keep);
      setStatus(all ? 'all' : changed ? 'saved' : 'unchanged');
    } catch {
      setStatus('failed');
    }
  };

  const messages: Partial<Record<UnsubscribeStatus, string>> = {
    saved: _t('Your changes have been saved.'),
    unchanged: _t('Nothing changed: your subscriptions were already like this.'),
    all: _t('You have been unsubscribed from all our mailing lists.'),
    failed: _t('Your changes have not been saved, try again later.'),
  };
  return (
    <form className="unsubscribe-form" method="post" action={localized(`/mail/mailing/${mailingId}/unsubscribe/save`)} onSubmit={save}>
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="token" value={token} />
      <fieldset className="card card-body mb-3">
        <legend className="fs-6 fw-semibold">{_t('Mailing lists of')} <strong>{email}</strong></legend>
        {lists.map((l) => (
          <div className="unsubscribe-list form-check" key={l.id}>
            <input type="hidden" name="shown_ids" value={l.id} />
            <input type="checkbox" className="form-check-input" id={`list-${l.id}`} name="list_ids" value={l.id}
              checked={checked.has(l.id)} onChange={() => toggle(l.id)} />
            <label className="form-check-label" htmlFor={`list-${l.id}`}>{l.name}</label>
          </div>
        ))}
      </fieldset>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" name="action" value="save" className="btn btn-primary btn-save" disabled={status === 'saving'}>{_t('Save')}</button>
        <button type="submit" name="action" value={UNSUBSCRIBE_ALL} className="btn btn-outline-danger btn-unsubscribe-all" disabled={status === 'saving'}>
          {_t('Unsubscribe from all')}
        </button>
      </div>
      <p role="status" className={`unsubscribe-status mt-2 is-${status}`}>{messages[status] ?? ''}</p>
    </form>
  );
}

export default defineIsland('mass_mailing.unsubscribe_form', UnsubscribeForm);
