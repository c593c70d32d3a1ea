import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { rpc } from '@platform/web/client/rpc';
import { useBackoffice } from '@platform/web/backoffice/client/backoffice-context';
import { ScrollRegion } from '@platform/web/backoffice/client/scroll-region';
import { ModuleOperationPanel, useModuleOperation } from './module-operation';
import './apps-screen.css';

interface ModuleInfo {
  name: string;
  display_name: string;
  /** The tile's colour (the module's initials are written on it). */
  color: string;
  /** Part of the platform (bus, mail, the website): on wherever its dependents are, no switch. */
  infrastructure: boolean;
  version: string;
  summary: string;
  depends: string[];
  installed: boolean;
  /** The version installed on this database (behind `version` until an upgrade runs). */
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

/** An install or upgrade waiting for the administrator's confirmation, naming every module it touches. */
interface Pending {
  operation: 'install' | 'upgrade';
  module: string;
  modules: string[];
  /** The button's words: Install, Upgrade, or Reload data (an upgrade at the same version). */
  label: string;
}

/**
 * Apps and sites: the modules with icon, name, summary, version and dependencies (the platform's own
 * modules last, marked, without a switch); Install (after a confirmation
 * naming the modules installed along) and Upgrade / Reload data, with a progress bar, while the site
 * keeps serving; per site, a switch that enables or disables a module (its dependencies follow;
 * dependents are named and confirmed before they go; their data stays); a form that creates a site.
 */
export default function AppsScreen() {
  const { _t, data } = useBackoffice();
  const [modules, setModules] = useState<ModuleInfo[]>([]);
  const [sites, setSites] = useState<SiteInfo[]>([]);
  const [siteId, setSiteId] = useState(data.site.id);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [site, setSite] = useState({ name: '', domain: '', lang: data.session.lang });
  const [pending, setPending] = useState<Pending | null>(null);

  const load = useCallback(() => rpc<{ modules: ModuleInfo[]; sites: SiteInfo[] }>('/web/backoffice/modules').then((r) => {
    setModules(r.modules);
    setSites(r.sites);
  }, (err: Error) => setMessage({ kind: 'danger', text: err.message })), []);
  useEffect(() => {
    load();
  }, [load]);
  const operation = useModuleOperation(() => load());
  // Modules are named as administrators read them (the technical name stays under each row).
  const label = (name: string) => modules.find((m) => m.name === name)?.display_name ?? name;

  const askOperation = async (kind: 'install' | 'upgrade', module: string, label: string) => {
    setMessage(null);
    try {
      const modules = kind === 'install' ? (await rpc<{ install: string[] }>('/web/backoffice/modules/plan', { modules: [module] })).install : [module];
      setPending({ operation: kind, module, modules, label });
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  };
  const runOperation = async (p: Pending) => {
    setPending(null);
    await operation.start(p.operation, [p.module]);
  };

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
      const names = (p.enable ? r.enabled : r.disabled).map(label).join(', ');
      setMessage({ kind: 'success', text: `${p.enable ? _t('Enabled:') : _t('Disabled:')} ${names || label(p.module)}` });
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
      {operation.error ? <div className="alert alert-danger py-2" role="alert">{operation.error}</div> : null}
      <ModuleOperationPanel status={operation.status} _t={_t} label={label} />
      {pending ? (
        <div className="alert alert-info" role="alertdialog" aria-labelledby="apps-operation">
          <p id="apps-operation" className="mb-2">
            {pending.operation === 'install'
              ? (pending.modules.length > 1 ? _t('These modules will be installed (the dependencies come along):') : _t('This module will be installed:'))
              : _t('The data of this module will be loaded again and its pending migrations run:')}
            {' '}<strong className="operation-modules">{pending.modules.map(label).join(', ')}</strong>
          </p>
          <p className="small mb-2">{_t('The site keeps serving meanwhile and switches to the new modules when they are ready.')}</p>
          <button type="button" className="btn btn-sm btn-primary me-2" autoFocus onClick={() => runOperation(pending)}>
            {pending.label}
          </button>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => setPending(null)}>{_t('Cancel')}</button>
        </div>
      ) : null}
      {plan ? (
        <div className="alert alert-warning" role="alertdialog" aria-labelledby="apps-plan">
          <p id="apps-plan" className="mb-2">
            {plan.enable ? _t('Enabling this module also enables the modules it needs:') : _t('Disabling this module also disables the modules that depend on it (their data is kept):')}
            {' '}<strong className="plan-modules">{plan.changes.map(label).join(', ')}</strong>
          </p>
          <button type="button" className="btn btn-sm btn-warning me-2" autoFocus onClick={() => apply(plan)}>{plan.enable ? _t('Enable all') : _t('Disable all')}</button>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => setPlan(null)}>{_t('Cancel')}</button>
        </div>
      ) : null}
      <ScrollRegion label={_t('Modules')}>
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
                    <div className="d-flex align-items-start gap-2">
                      <span className="apps-icon" aria-hidden="true" style={{ backgroundColor: m.color }}>{initials(m.display_name)}</span>
                      <div>
                        <strong className="apps-name">{m.display_name}</strong>
                        {m.infrastructure ? <span className="badge text-bg-light border ms-2 apps-platform">{_t('Part of the platform')}</span> : null}
                        <span className="d-block small text-body-secondary">{m.summary}</span>
                        <span className="d-block small text-body-secondary"><code className="apps-technical">{m.name}</code><span className="d-md-none"> · {m.version} · {_t('Depends on')} {m.depends.join(', ') || '—'}</span></span>
                      </div>
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">
                    {m.version}
                    {m.installed_version && m.installed_version !== m.version
                      ? <span className="d-block small">{_t('Installed:')} {m.installed_version}</span> : null}
                  </td>
                  <td className="d-none d-md-table-cell small">{m.depends.join(', ') || '—'}</td>
                  <td>
                    {m.installed ? (
                      <div className="d-flex flex-wrap align-items-center gap-2">
                        {m.infrastructure ? (
                          <span className="small text-body-secondary apps-always-on">{on ? _t('Always on') : _t('On with the modules that need it')}</span>
                        ) : (
                          <div className="form-check form-switch mb-0">
                            <input className="form-check-input" type="checkbox" role="switch" id={`module-${m.name}`} checked={on} onChange={() => ask(m.name, !on)} />
                            <label className="form-check-label small" htmlFor={`module-${m.name}`}>{on ? _t('Enabled') : _t('Disabled')}<span className="visually-hidden"> {m.display_name}</span></label>
                          </div>
                        )}
                        {/* Upgrade when the code is ahead of the database; otherwise the same call reloads the data. */}
                        <button type="button" className={`btn btn-sm ${m.installed_version !== m.version ? 'btn-warning' : 'btn-outline-secondary'} module-upgrade`} disabled={operation.running} onClick={() => askOperation('upgrade', m.name, m.installed_version !== m.version ? _t('Upgrade') : _t('Reload data'))}>
                          {m.installed_version !== m.version ? _t('Upgrade') : _t('Reload data')}<span className="visually-hidden"> {m.display_name}</span>
                        </button>
                      </div>
                    ) : (
                      <button type="button" className="btn btn-sm btn-primary module-install" disabled={operation.running} onClick={() => askOperation('install', m.name, _t('Install'))}>
                        {_t('Install')}<span className="visually-hidden"> {m.display_name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
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

/** Up to two initials of a module's name, for its tile (`Live Chat` → `LC`, `Forum` → `F`). */
function initials(name: string): string {
  return name.split(/[\s_-]+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
}
