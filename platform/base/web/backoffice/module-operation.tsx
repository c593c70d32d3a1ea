import { useCallback, useEffect, useRef, useState } from 'react';
import { rpc } from '@platform/web/client/rpc';

/** What `/web/backoffice/modules/status` answers (the kernel's ModuleOperationStatus). */
export interface OperationStatus {
  id: number;
  state: 'idle' | 'running' | 'done' | 'failed';
  operation: 'install' | 'upgrade' | null;
  modules: string[];
  plan: string[];
  step: string;
  module: string | null;
  progress: number;
  error: string | null;
}

const POLL_MS = 500;

/**
 * The install/upgrade operation of this database as the Apps screen follows it: `start` asks for one,
 * then the status is polled until it ends (also when the screen opens while one runs, started here,
 * by another administrator or in another tab). `onEnd` runs once per operation that ends while watched.
 */
export function useModuleOperation(onEnd: (status: OperationStatus) => void) {
  const [status, setStatus] = useState<OperationStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const watching = useRef<number | null>(null);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  const poll = useCallback(async () => {
    window.clearTimeout(timer.current);
    try {
      const s = await rpc<OperationStatus>('/web/backoffice/modules/status');
      // The result of an operation that ended before this screen watched it is old news: not shown.
      setStatus(s.state === 'running' || watching.current === s.id ? s : null);
      if (s.state === 'running') {
        watching.current = s.id;
        timer.current = window.setTimeout(poll, POLL_MS);
      } else if (watching.current === s.id) {
        watching.current = null;
        endRef.current(s);
      }
    } catch {
      // The process answering may be swapping its modules: ask again.
      timer.current = window.setTimeout(poll, POLL_MS * 2);
    }
  }, []);

  useEffect(() => {
    poll();
    return () => window.clearTimeout(timer.current);
  }, [poll]);

  const start = async (operation: 'install' | 'upgrade', modules: string[]) => {
    setError(null);
    try {
      const s = await rpc<OperationStatus>(`/web/backoffice/modules/${operation}`, { modules });
      watching.current = s.id;
      setStatus(s);
      timer.current = window.setTimeout(poll, POLL_MS);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return { status, error, start, running: status?.state === 'running' };
}

/** The progress bar with the current step, and the result of the last operation. */
export function ModuleOperationPanel({ status, _t, label = (n) => n }: { status: OperationStatus | null; _t: (s: string) => string; label?: (module: string) => string }) {
  if (!status || status.state === 'idle') return null;
  const names = (status.plan.length ? status.plan : status.modules).map(label).join(', ');
  const stepLabel: Record<string, string> = {
    resolving: _t('Resolving dependencies'),
    migrating: _t('Updating the database of'),
    loading: _t('Loading the data of'),
    reloading: _t('Reloading the site'),
    done: _t('Done'),
    failed: _t('Failed'),
  };
  const title = status.operation === 'upgrade' ? _t('Upgrading') : _t('Installing');
  if (status.state === 'failed') {
    return (
      <div className="alert alert-danger py-2 module-operation" role="alert">
        {title} {names}: {_t('Failed')}{status.module ? ` (${label(status.module)})` : ''}: {status.error}
        <span className="d-block small">{_t('The site keeps running with the modules it had.')}</span>
      </div>
    );
  }
  if (status.state === 'done') {
    return (
      <div className="alert alert-success py-2 module-operation">
        {status.operation === 'upgrade' ? _t('Upgraded:') : _t('Installed:')} {names}.{' '}
        <a href="/web" className="alert-link">{_t('Reload the back office')}</a> {_t('to see their menus.')}
      </div>
    );
  }
  return (
    <div className="card card-body mb-3 module-operation">
      <p className="mb-2"><strong>{title}</strong> {names}</p>
      <div className="progress" role="progressbar" aria-label={`${title} ${names}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={status.progress}>
        <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${status.progress}%` }}>{status.progress}%</div>
      </div>
      <p className="small mt-2 mb-0 module-operation-step" aria-live="polite">
        {stepLabel[status.step] ?? status.step}{status.module ? ` ${label(status.module)}` : ''}
      </p>
    </div>
  );
}
