import { useRef, useState, type FormEvent } from 'react';
import { rpc } from '@platform/web/client';
import { useBackoffice } from '@platform/web/backoffice/client';

interface Refusal { line: number; email: string; reason: string }
interface Row { line: number; name: string; email: string }
interface Check { lines: number; rows: Row[]; refused: Refusal[]; ignoredColumns: string[] }

/** Same bounds as the server's (IMPORT_LIMITS), checked here first only to answer at once. */
const MAX_BYTES = 2 * 1024 * 1024;
/** Lines per call: small enough for the bar to move, big enough for 1,000 lines to take a second. */
const BATCH = 200;

const REASONS: Record<string, string> = {
  missing_email: 'Missing e-mail',
  invalid_email: 'Invalid e-mail',
  duplicate_in_file: 'Duplicate in the file',
  already_in_list: 'Already in the list',
  too_long: 'Too long',
};

/**
 * Imports contacts into a list from a CSV file (UTF-8, a header line naming `email` and `name`,
 * commas or semicolons): the server checks the whole file, then the accepted lines are sent in
 * batches with a progress bar, and the refused lines are listed with their reason.
 */
export function ContactImport({ listId, onImported }: { listId: number; onImported?: () => void }) {
  const { _t } = useBackoffice();
  const file = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<{ lines: number; added: number; refused: Refusal[]; ignored: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const picked = file.current?.files?.[0];
    setError(null);
    setReport(null);
    if (!picked) return setError(_t('Choose a CSV file first.'));
    if (picked.size > MAX_BYTES) return setError(_t('The file is larger than 2 MB: split it into smaller files.'));
    setBusy(true);
    try {
      const text = await picked.text();
      const check = await rpc<Check>('/mass_mailing/import/check', { list_id: listId, file: text });
      const refused = [...check.refused];
      let added = 0;
      setProgress({ done: 0, total: check.rows.length });
      for (let i = 0; i < check.rows.length; i += BATCH) {
        const batch = check.rows.slice(i, i + BATCH);
        const r = await rpc<{ added: number; refused: Refusal[] }>('/mass_mailing/import/batch', { list_id: listId, rows: batch });
        added += r.added;
        refused.push(...r.refused);
        setProgress({ done: i + batch.length, total: check.rows.length });
      }
      refused.sort((a, b) => a.line - b.line);
      setReport({ lines: check.lines, added, refused, ignored: check.ignoredColumns });
      if (added) onImported?.();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const percent = progress ? (progress.total ? Math.round((progress.done / progress.total) * 100) : 100) : 0;
  return (
    <section className="card mt-4" aria-labelledby="import-title">
      <div className="card-body">
        <h2 id="import-title" className="h5">{_t('Import contacts')}</h2>
        <p className="small text-body-secondary mb-2" id="import-help">
          {_t('A CSV file in UTF-8 whose first line names the columns: email, and name if you have names. Commas or semicolons. At most 2 MB and 20,000 lines. Contacts already in the list are left as they are.')}
        </p>
        <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={run}>
          <div className="flex-grow-1">
            <label htmlFor="import-file" className="form-label small mb-0">{_t('CSV file')}</label>
            <input ref={file} id="import-file" type="file" accept=".csv,text/csv,text/plain" className="form-control" aria-describedby="import-help" disabled={busy} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? _t('Importing…') : _t('Import')}</button>
        </form>
        {progress ? (
          <div className="progress mt-3" role="progressbar" aria-label={_t('Import progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="progress-bar" style={{ width: `${percent}%` }}>{percent}%</div>
          </div>
        ) : null}
        <div aria-live="polite">
          {error ? <div className="alert alert-danger mt-3 mb-0" role="alert">{error}</div> : null}
          {report ? (
            <div className="mt-3 import-report">
              <p className="alert alert-success mb-2">
                {_t('Lines read:')} <strong>{report.lines}</strong> · {_t('Contacts added:')} <strong className="import-added">{report.added}</strong> · {_t('Lines refused:')} <strong className="import-refused">{report.refused.length}</strong>
              </p>
              {report.ignored.length ? <p className="small">{_t('Columns not imported:')} {report.ignored.join(', ')}</p> : null}
              {report.refused.length ? (
                <div className="table-responsive import-refusals">
                  <table className="table table-sm caption-top">
                    <caption>{_t('Refused lines')}</caption>
                    <thead><tr><th scope="col">{_t('Line')}</th><th scope="col">{_t('E-mail')}</th><th scope="col">{_t('Reason')}</th></tr></thead>
                    <tbody>
                      {report.refused.slice(0, 500).map((r) => (
                        <tr key={`${r.line}-${r.reason}`} data-reason={r.reason}><td>{r.line}</td><td className="text-break">{r.email.slice(0, 80)}</td><td>{_t(REASONS[r.reason] ?? r.reason)}</td></tr>
                      ))}
                    </tbody>
                  </table>
                  {report.refused.length > 500 ? <p className="small">{_t('Only the first 500 refused lines are listed.')}</p> : null}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
