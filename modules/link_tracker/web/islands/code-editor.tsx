import { useState } from 'react';
import { rpc, RpcError, useT } from '@platform/web/client';

export interface CodeEditorProps {
  code: string;
  /** Called with the new code once the server accepted it. */
  onChanged(code: string): void;
}

/** A link's code: shown, then edited in place (ok / cancel). Unchanged: no call. */
export function CodeEditor({ code, onChanged }: CodeEditorProps) {
  const _t = useT();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(code);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    setEditing(false);
    setValue(code);
    setError('');
  };
  const submit = async () => {
    const next = value.trim();
    if (!next) return setError(_t('The code cannot be left empty'));
    if (next === code) return cancel();
    setBusy(true);
    try {
      const [result] = await rpc<Array<{ code: string }>>('/website_links/add_code', { init_code: code, new_code: next });
      setEditing(false);
      setError('');
      onChanged(result.code);
    } catch (err) {
      setError(err instanceof RpcError && err.message === 'This code is already taken' ? _t('This code is already taken') : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <span className="link-code">
        <code>{code}</code>{' '}
        <button type="button" className="btn btn-link btn-sm p-0 link-button" onClick={() => setEditing(true)} aria-label={`${_t('Edit code')} ${code}`}>{_t('Edit')}</button>
      </span>
    );
  }
  return (
    <form className="link-code-edit" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <label className="visually-hidden" htmlFor={`code-${code}`}>{_t('New code')}</label>
      <input id={`code-${code}`} className="form-control form-control-sm w-auto" value={value} onChange={(e) => setValue(e.target.value)} maxLength={64} autoFocus />
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>{_t('Ok')}</button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={cancel}>{_t('Cancel')}</button>
      {error && <span className="link-error" role="alert">{error}</span>}
    </form>
  );
}
