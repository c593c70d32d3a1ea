import { useEffect, useState } from 'react';
import { ModalDialog, rpc, RpcError, useSession, useT } from '@platform/web/client';

interface Version { id: number; date: string; author: string; restoredFrom: number | null; current: boolean }

/** Stored dates are UTC (`2026-11-28 02:10:00`): shown in the reader's time, in the page's language. */
function when(date: string, lang: string): string {
  const d = new Date(`${date.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleString(lang.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The page's last 20 saved versions (date, author); restoring one saves it as the newest version. */
export function HistoryDialog({ pageId, dirty, onRestored, onClose }: { pageId: number; dirty: boolean; onRestored: () => void; onClose: () => void }) {
  const _t = useT();
  const session = useSession();
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    rpc<Version[]>('/website/page/history', { id: pageId }).then(setVersions, (err) => setError(err instanceof RpcError ? err.message : String(err)));
  }, [pageId]);
  const restore = async (v: Version) => {
    const question = dirty ? _t('Restore this version? Your unsaved changes will be lost.') : _t('Restore this version?');
    if (!window.confirm(question)) return;
    setBusy(true);
    setError('');
    try {
      await rpc('/website/page/restore', { id: pageId, version_id: v.id });
      onRestored();
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <ModalDialog open title={_t('Page history')} onClose={onClose}>
      <p className="text-body-secondary small">{_t('The last 20 saved versions of this page, newest first.')}</p>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      {versions === null && !error ? <p role="status">{_t('Loading…')}</p> : null}
      {versions && !versions.length ? <p className="history-empty">{_t('No saved version yet: each save adds one.')}</p> : null}
      {versions?.length ? (
        <ol className="list-group history-list">
          {versions.map((v) => (
            <li key={v.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto">
                <div className="fw-semibold">{when(v.date, session.lang)}</div>
                <div className="small text-body-secondary">
                  {v.author}{v.restoredFrom ? ` · ${_t('restored')}` : ''}
                </div>
              </div>
              {v.current ? <span className="badge text-bg-secondary">{_t('Current')}</span> : (
                <button type="button" className="btn btn-sm btn-outline-primary history-restore" disabled={busy} onClick={() => void restore(v)}>
                  {_t('Restore')}<span className="visually-hidden"> {when(v.date, session.lang)}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </ModalDialog>
  );
}
