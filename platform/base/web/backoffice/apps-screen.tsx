import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { rpc } from '@platform/web/client/rpc';
import { useBackoffice } from '@platform/web/backoffice/client/backoffice-context';

interface ModuleInfo {
  name: string;
  version: string;
  summary: string;
  depends: string[];
  installed: boolean;
  /** The version installed on this database (behind `version` until `module upgrade` runs). */
  installed_version: string | null;
  sites: number[];
}
interface SiteInfo {
  id: number;
  name: string;
  domain: string | null;
}
interface Plan {
  module: string;
  enable: boolean;
  changes: string[];
}

/**
 * Apps and sites: the installed modules with summary, version and dependencies; per site, a switch
 * that enables or disables a module (its dependencies follow; dependents are named and confirmed
 * before they go; their data stays); a form that creates a site.
 */
export default function AppsScreen() {
  const { _t, data } = useBackoffice();
  const [modules, setModules] = useState<ModuleInfo[]>([]);
  const [sites, setSites] = useState<SiteInfo[]>([]);
  const [siteId, setSiteId] = useState(data.site.id);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [site, setSite] = useState({ name: '', domain: '', lang: data.session.lang });

  const load = useCallback(() => rpc<{ modules: ModuleInfo[]; sites: SiteInfo[] }>('/web/backoffice/modules').then((r) => {
    setModules(r.modules);
    setSites(r.sites);
  }, (err: Error) => setMessage({ kind: 'danger', text: err.message })), []);
  useEffect(() => {
    load();
  }, [load]);

  const ask = async (module: string, enable: boolean) => {
    setMessage(null);
    try {
      const r = await rpc<{ enabled: string[]; disabled: string[] }>('/web/site/modules', { website_id: siteId, [enable ? 'enable' : 'disable']: [module], dry_run: true });
      const changes = (enable ? r.enabled : r.disabled).filter((m) => m !== module);
      if (changes.length) setPlan({ module, enable, changes });
      else await apply({ module, enable, changes });
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  };
  const apply = async (p: Plan) => {
    setPlan(null);
    try {
      const r = await rpc<{ enabled: string[]; disabled: string[] }>('/web/site/modules', { website_id: siteId, [p.enable ? 'enable' : 'disable']: [p.module] });
      const names = (p.enable ? r.enabled : r.disabled).join(', ');
      setMessage({ kind: 'success', text: `${p.enable ? _t('Enabled:') : _t('Disabled:')} ${names || p.module}` });
      await load();
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  };
  const createSite = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await rpc<{ id: number }>('/web/backoffice/site/create', { name: site.name, domain: site.domain, lang: site.lang });
      setSite({ name: '', domain: '', lang: site.lang });
      await load();
      setSiteId(r.id);
      setMessage({ kind: 'success', text: `${_t('Site created:')} ${site.name}` });
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  };

  return (
    <section aria-labelledby="apps-title">
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <h1 id="apps-title" className="h4 mb-0 me-auto">{_t('Apps and sites')}</h1>
        <div>
          <label htmlFor="apps-site" className="form-label small mb-0">{_t('Site')}</label>
          <select id="apps-site" className="form-select form-select-sm" value={siteId} onChange={(e) => setSiteId(Number(e.target.value))}>
            {sites.map((s) => <option key={s.id} value={s.id}>{s.name}{s.domain ? ` (${s.domain})` : ''}</option>)}
          </select>
        </div>
      </div>
      <div aria-live="polite">{message ? <div className={`alert alert-${message.kind} py-2`} role={message.kind === 'danger' ? 'alert' : undefined}>{message.text}</div> : null}</div>
      {plan ? (
        <div className="alert alert-warning" role="alertdialog" aria-labelledby="apps-plan">
          <p id="apps-plan" className="mb-2">
            {plan.enable ? _t('Enabling this module also enables the modules it needs:') : _t('Disabling this module also disables the modules that depend on it (their data is kept):')}
            {' '}<strong className="plan-modules">{plan.changes.join(', ')}</strong>
          </p>
          <button type="button" className="btn btn-sm btn-warning me-2" autoFocus onClick={() => apply(plan)}>{plan.enable ? _t('Enable all') : _t('Disable all')}</button>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => setPlan(null)}>{_t('Cancel')}</button>
        </div>
      ) : null}
      <div className="table-responsive">
        <table className="table table-sm align-middle apps-table">
          <caption className="visually-hidden">{_t('Modules')}</caption>
          <thead>
            <tr><th scope="col">{_t('Module')}</th><th scope="col" className="d-none d-md-table-cell">{_t('Version')}</th><th scope="col" className="d-none d-md-table-cell">{_t('Depends on')}</th><th scope="col">{_t('On this site')}</th></tr>
          </thead>
          <tbody>
            {modules.map((m) => {
              const on = m.sites.includes(siteId);
              return (
                <tr key={m.name} data-module={m.name}>
                  <td>
                    <strong>{m.name}</strong><br /><span className="small text-body-secondary">{m.summary}</span>
                    <span className="d-block d-md-none small text-body-secondary">{m.version} · {_t('Depends on')} {m.depends.join(', ') || '—'}</span>
                  </td>
                  <td className="d-none d-md-table-cell">
                    {m.version}
                    {m.installed_version && m.installed_version !== m.version
                      ? <span className="d-block small">{_t('Installed:')} {m.installed_version}. {_t('Upgrade with')} <code>npm run cli -- module upgrade {m.name}</code></span> : null}
                  </td>
                  <td className="d-none d-md-table-cell small">{m.depends.join(', ') || '—'}</td>
                  <td>
                    {m.installed ? (
                      <div className="form-check form-switch">
                        <input className="form-check-input" type="checkbox" role="switch" id={`module-${m.name}`} checked={on} onChange={() => ask(m.name, !on)} />
                        <label className="form-check-label small" htmlFor={`module-${m.name}`}>{on ? _t('Enabled') : _t('Disabled')}<span className="visually-hidden"> {m.name}</span></label>
                      </div>
                    ) : (
                      // The kernel loads modules at start: installing one needs the command line and a restart.
                      <span className="small">{_t('Not installed:')} <code>npm run cli -- module install {m.name}</code></span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <form className="card card-body mt-3" onSubmit={createSite} aria-labelledby="new-site-title">
        <h2 id="new-site-title" className="h6">{_t('New site')}</h2>
        <div className="row g-2 align-items-end">
          <div className="col-12 col-md-4">
            <label htmlFor="site-name" className="form-label small mb-0">{_t('Name')}</label>
            <input id="site-name" className="form-control form-control-sm" required maxLength={256} value={site.name} onChange={(e) => setSite({ ...site, name: e.target.value })} />
          </div>
          <div className="col-12 col-md-4">
            <label htmlFor="site-domain" className="form-label small mb-0">{_t('Domain (host name)')}</label>
            <input id="site-domain" className="form-control form-control-sm" maxLength={253} placeholder="www.example.com" value={site.domain} onChange={(e) => setSite({ ...site, domain: e.target.value })} />
          </div>
          <div className="col-8 col-md-2">
            <label htmlFor="site-lang" className="form-label small mb-0">{_t('Language')}</label>
            <select id="site-lang" className="form-select form-select-sm" value={site.lang} onChange={(e) => setSite({ ...site, lang: e.target.value })}>
              {data.languages.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
            </select>
          </div>
          <div className="col-4 col-md-2"><button type="submit" className="btn btn-primary btn-sm w-100">{_t('Create')}</button></div>
        </div>
      </form>
    </section>
  );
}
