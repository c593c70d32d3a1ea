import { useEffect, useState, type FormEvent } from 'react';
import { rpc } from '@platform/web/client/rpc';
import { useBackoffice } from '@platform/web/backoffice/client/backoffice-context';
import { GenericForm } from '@platform/web/backoffice/client/generic-form';
import { callKw } from '@platform/web/backoffice/client/orm';
import { Many2manyTags } from '@platform/web/backoffice/client/relation-inputs';
import type { BackofficeViewProps } from '@platform/web/backoffice/client/view-props';

/**
 * A user: created through the accounts service (contact, password hash, groups), then edited with the
 * generic form plus archive / restore. Without a password typed, the account gets a random one its
 * owner replaces through the password reset.
 */
export default function UserForm({ route }: BackofficeViewProps) {
  const { _t, navigate } = useBackoffice();
  if (route.id) {
    return (
      <GenericForm model="res.users" id={route.id} extraActions={(record, reload) => (
        <>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={async () => {
            await callKw('res.users', 'write', [[route.id], { active: !record.active }]);
            reload();
          }}>{record.active ? _t('Archive') : _t('Restore')}</button>
          <ResetPassword userId={route.id!} />
        </>
      )} />
    );
  }
  return <NewUser onCreated={(id) => navigate({ ...route, view: 'form', id }, true)} />;
}

/** Sends the user the password reset mail, and says to which address (or why not). */
function ResetPassword({ userId }: { userId: number }) {
  const { _t } = useBackoffice();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={async () => {
        try {
          const r = await rpc<{ email: string }>('/web/backoffice/user/reset_password', { user_id: userId });
          setOutcome({ ok: true, text: `${_t('Password reset e-mail sent to')} ${r.email}` });
        } catch (err) {
          setOutcome({ ok: false, text: (err as Error).message });
        }
      }}>{_t('Send password reset e-mail')}</button>
      <span className={`small w-100 text-end ${outcome?.ok ? 'text-success-emphasis' : 'text-danger-emphasis'}`} role="status">{outcome?.text ?? ''}</span>
    </>
  );
}

function NewUser({ onCreated }: { onCreated(id: number): void }) {
  const { _t } = useBackoffice();
  const [values, setValues] = useState({ name: '', login: '', email: '', password: '' });
  const [groups, setGroups] = useState<Array<[number, string]>>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // New users are internal users unless changed.
    callKw<Array<[number, string]>>('res.groups', 'name_search', [], { name: 'Internal User', operator: '=', limit: 1 }).then(setGroups, () => undefined);
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      onCreated(await rpc<number>('/web/backoffice/user/create', { ...values, group_ids: groups.map((g) => g[0]) }));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const field = (name: keyof typeof values, label: string, type = 'text', required = false) => (
    <div className="col-12 col-md-6">
      <label className="form-label" htmlFor={`user-${name}`}>{label}{required ? ' *' : ''}</label>
      <input id={`user-${name}`} className="form-control" type={type} required={required} maxLength={256} value={values[name]}
        autoComplete={type === 'password' ? 'new-password' : 'off'} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
    </div>
  );
  return (
    <form onSubmit={submit} aria-labelledby="new-user-title">
      <h1 id="new-user-title" className="h4">{_t('New user')}</h1>
      {error ? <div className="alert alert-danger py-2" role="alert">{error}</div> : null}
      <div className="card"><div className="card-body row g-3">
        {field('name', _t('Name'), 'text', true)}
        {field('login', _t('Login'), 'text', true)}
        {field('email', _t('E-mail'), 'email')}
        {field('password', _t('Password (optional)'), 'password')}
        <div className="col-12" role="group" aria-labelledby="user-groups-label">
          <span id="user-groups-label" className="form-label d-block">{_t('Groups')}</span>
          <label className="visually-hidden" htmlFor="user-groups">{_t('Add a group')}</label>
          <Many2manyTags id="user-groups" model="res.groups" value={groups} onChange={setGroups} />
        </div>
        <div className="col-12"><button type="submit" className="btn btn-primary">{_t('Create user')}</button></div>
      </div></div>
    </form>
  );
}
