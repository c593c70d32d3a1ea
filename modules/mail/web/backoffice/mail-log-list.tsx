import { useCallback, useEffect, useMemo, useState } from 'react';
import { rpc } from '@platform/web/client';
import { callKw, useBackoffice } from '@platform/web/backoffice/client';
import { datesFor } from '@platform/web/backoffice/client';

const MODEL = 'mail.outbox';
const PAGE = 50;
const COLUMNS = ['state', 'create_date', 'sent_date', 'email_from', 'email_to', 'subject', 'error', 'attempts'];
type Row = { id: number; state: string; create_date: string; sent_date: string | false; email_from: string; email_to: string; subject: string; error: string | false; attempts: number };
type Message = { kind: 'success' | 'danger' | 'warning'; text: string } | null;

const BADGES: Record<string, string> = { outgoing: 'text-bg-warning', sent: 'text-bg-success', exception: 'text-bg-danger' };

/**
 * Messages of the mail log, newest first, as a list that reads on a phone as on a desktop: state,
 * recipient, subject, the server's error, and a Retry button on those that wait or failed (sent
 * through the SMTP server once one is configured). `states` limits it (the outbox: waiting only).
 */
export function MailLogList({ states, title, intro }: { states: string[] | null; title: string; intro: string }) {
  const { _t, data } = useBackoffice();
  const dates = useMemo(() => datesFor(data.language), [data.language]);
  const [filter, setFilter] = useState<string>('');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [count, setCount] = useState(0);
  const [limit, setLimit] = useState(PAGE);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const labels: Record<string, string> = { outgoing: _t('Waiting'), sent: _t('Sent'), exception: _t('Failed') };

  const domain = useMemo(() => {
    if (states) return [['state', 'in', states]];
    return filter ? [['state', '=', filter]] : [];
  }, [states, filter]);
  const load = useCallback(async () => {
    try {
      const [found, total] = await Promise.all([
        callKw<Row[]>(MODEL, 'search_read', [domain, COLUMNS], { limit, order: 'id desc' }),
        callKw<number>(MODEL, 'search_count', [domain]),
      ]);
      setRows(found);
      setCount(total);
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  }, [domain, limit]);
  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (ids: number[], which: number | 'all') => {
    setBusy(which);
    setMessage(null);
    try {
      const report = await rpc<{ sent: number; failed: Array<{ id: number; error: string }> }>('/mail/retry', { ids });
      setMessage(report.failed.length
        ? { kind: 'warning', text: `${_t('Sent')}: ${report.sent} · ${_t('Failed')}: ${report.failed.length} (${report.failed[0].error})` }
        : { kind: 'success', text: `${_t('Sent')}: ${report.sent}` });
      await load();
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };
  const retryable = (rows ?? []).filter((r) => r.state !== 'sent');

  return (
    <section aria-labelledby="mail-log-title" className="mail-log">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="mail-log-title" className="h4 mb-0 me-auto">{title} <span className="badge text-bg-secondary align-middle">{count}</span></h1>
        {!states ? (
          <div>
            <label htmlFor="mail-log-filter" className="visually-hidden">{_t('State')}</label>
            <select id="mail-log-filter" className="form-select form-select-sm" value={filter} onChange={(e) => { setFilter(e.target.value); setLimit(PAGE); }}>
              <option value="">{_t('All messages')}</option>
              <option value="outgoing">{labels.outgoing}</option>
              <option value="exception">{labels.exception}</option>
              <option value="sent">{labels.sent}</option>
            </select>
          </div>
        ) : null}
        {retryable.length ? (
          <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy !== null} onClick={() => retry(retryable.slice(0, 100).map((r) => r.id), 'all')}>
            {_t('Retry all shown')}
          </button>
        ) : null}
      </div>
      <p className="text-body-secondary small">{intro}</p>
      <div aria-live="polite">{message ? <div className={`alert alert-${message.kind} py-2`} role={message.kind === 'danger' ? 'alert' : undefined}>{message.text}</div> : null}</div>
      {rows === null ? <p>{_t('Loading…')}</p> : rows.length === 0 ? <p className="mail-log-empty">{_t('No message.')}</p> : (
        <ul className="list-group mail-log-rows">
          {rows.map((r) => (
            <li key={r.id} className="list-group-item" data-state={r.state}>
              <div className="d-flex flex-wrap align-items-start gap-2">
                <span className={`badge ${BADGES[r.state] ?? 'text-bg-secondary'}`}>{labels[r.state] ?? r.state}</span>
                <div className="flex-grow-1 text-break" style={{ minWidth: '12rem' }}>
                  <div className="fw-semibold mail-log-subject">{r.subject || _t('(no subject)')}</div>
                  <div className="small"><span className="text-body-secondary">{_t('To')}:</span> <span className="mail-log-to">{r.email_to}</span>
                    {' · '}<span className="text-body-secondary">{_t('From')}:</span> {r.email_from}</div>
                  <div className="small text-body-secondary">{dates.datetime(r.sent_date || r.create_date)}{r.attempts > 1 ? ` · ${_t('Attempts')}: ${r.attempts}` : ''}</div>
                  {r.error ? <div className="small text-danger-emphasis mail-log-error">{r.error}</div> : null}
                </div>
                {r.state !== 'sent' ? (
                  <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy !== null} onClick={() => retry([r.id], r.id)}
                    aria-label={`${_t('Retry')}: ${r.subject} → ${r.email_to}`}>{busy === r.id ? _t('Sending…') : _t('Retry')}</button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {rows && rows.length < count ? <button type="button" className="btn btn-link mt-2" onClick={() => setLimit(limit + PAGE)}>{_t('Show more')}</button> : null}
    </section>
  );
}
