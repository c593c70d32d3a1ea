import type { ReactNode } from 'react';
import { useLocalizedPath, useT } from '@platform/web/client/web-context';
import { page } from '@platform/web/render';
import { SOCIAL_NETWORKS } from '../../server/models/website';
import type { InstalledLanguage, SettingsErrors } from '../../server/services/site-settings';
import { SETTINGS_LIMITS, type SiteSettingsValues } from '../../server/services/site-settings-schema';
import LogoUpload from '../islands/logo-upload';

export interface SiteSettingsPageProps {
  siteId: number;
  values: SiteSettingsValues;
  errors: SettingsErrors;
  languages: InstalledLanguage[];
  hasLogo: boolean;
  saved: boolean;
  csrfToken: string;
}

const SOCIAL_LABELS: Record<string, string> = { facebook: 'Facebook', twitter: 'X (Twitter)', linkedin: 'LinkedIn', instagram: 'Instagram', youtube: 'YouTube', github: 'GitHub' };

/** Label, control, help and error of one setting; the control gets `is-invalid` and aria links from here. */
function Setting({ id, label, help, error, children }: { id: string; label: string; help?: string; error?: string; children: (aria: { className: string; 'aria-invalid'?: 'true'; 'aria-describedby'?: string }) => ReactNode }) {
  const _t = useT();
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>{label}</label>
      {children({ className: error ? ' is-invalid' : '', 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': described })}
      {help ? <div id={`${id}-help`} className="form-text">{help}</div> : null}
      {error ? <div id={`${id}-error`} className="invalid-feedback">{_t(error)}</div> : null}
    </div>
  );
}

function TextSetting({ p, name, label, help, type = 'text', max, autoComplete, required }: { p: SiteSettingsPageProps; name: string; label: string; help?: string; type?: string; max: number; autoComplete?: string; required?: boolean }) {
  const _t = useT();
  const id = `settings-${name}`;
  return (
    <Setting id={id} label={_t(label)} help={help ? _t(help) : undefined} error={p.errors[name]}>
      {({ className, ...aria }) => <input id={id} name={name} type={type} className={`form-control${className}`} defaultValue={String(p.values[name] ?? '')} maxLength={max} autoComplete={autoComplete ?? 'off'} required={required} {...aria} />}
    </Setting>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const _t = useT();
  return (
    <fieldset className="card mb-4">
      <div className="card-body">
        <legend className="h5 card-title">{_t(title)}</legend>
        {children}
      </div>
    </fieldset>
  );
}

function SettingsForm(p: SiteSettingsPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const errorCount = Object.keys(p.errors).length;
  return (
    <div className="container py-4 site-settings">
      <h1 className="mb-3">{_t('Site settings')}</h1>
      {p.saved ? <div className="alert alert-success" role="status">{_t('The settings have been saved.')}</div> : null}
      {errorCount ? (
        <div className="alert alert-danger" role="alert">
          {_t('Nothing was saved: correct the fields marked below.')}
          {p.errors.common ? <div>{_t(p.errors.common)}</div> : null}
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <form method="post" action={localized('/website/settings')}>
            <input type="hidden" name="csrf_token" value={p.csrfToken} />
            <Section title="General">
              <TextSetting p={p} name="name" label="Site name" max={SETTINGS_LIMITS.name} required />
              <TextSetting p={p} name="base_url" label="Public base URL" type="url" max={SETTINGS_LIMITS.url}
                help="Every absolute link the site writes (e-mails, short links, sitemap, canonical tags) starts with it, e.g. https://www.example.com" />
            </Section>
            <Section title="Languages">
              <fieldset className="mb-3" aria-describedby={p.errors.languages ? 'settings-languages-error' : undefined}>
                <legend className="form-label fs-6">{_t('Languages of the site')}</legend>
                {p.languages.map((l) => (
                  <div key={l.code} className="form-check">
                    <input className={`form-check-input${p.errors.languages ? ' is-invalid' : ''}`} type="checkbox" name="languages" value={l.code} id={`settings-lang-${l.code}`}
                      defaultChecked={(p.values.languages as string[]).includes(l.code)} />
                    <label className="form-check-label" htmlFor={`settings-lang-${l.code}`} lang={l.code.replace('_', '-')}>{l.name}</label>
                  </div>
                ))}
                {p.errors.languages ? <div id="settings-languages-error" className="invalid-feedback d-block">{_t(p.errors.languages)}</div> : null}
              </fieldset>
              <Setting id="settings-default_lang" label={_t('Default language')} help={_t('Pages in this language have no language prefix in their URL.')} error={p.errors.default_lang}>
                {({ className, ...aria }) => (
                  <select id="settings-default_lang" name="default_lang" className={`form-select${className}`} defaultValue={String(p.values.default_lang)} {...aria}>
                    {p.languages.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
                  </select>
                )}
              </Setting>
            </Section>
            <Section title="Contact">
              <TextSetting p={p} name="contact_email" label="Contact e-mail" type="email" max={SETTINGS_LIMITS.email} autoComplete="email" />
              <TextSetting p={p} name="contact_phone" label="Contact phone" type="tel" max={SETTINGS_LIMITS.phone} autoComplete="tel" />
              <Setting id="settings-contact_address" label={_t('Contact address')} error={p.errors.contact_address}>
                {({ className, ...aria }) => <textarea id="settings-contact_address" name="contact_address" rows={3} className={`form-control${className}`} defaultValue={String(p.values.contact_address)} maxLength={SETTINGS_LIMITS.address} {...aria} />}
              </Setting>
            </Section>
            <Section title="Footer">
              {p.languages.map((l) => {
                const name = `footer_text_${l.code}`;
                return (
                  <Setting key={l.code} id={`settings-${name}`} label={`${_t('About text')} (${l.name})`} error={p.errors[name]}>
                    {({ className, ...aria }) => <textarea id={`settings-${name}`} name={name} rows={3} lang={l.code.replace('_', '-')} className={`form-control${className}`} defaultValue={String(p.values[name] ?? '')} maxLength={SETTINGS_LIMITS.footer} {...aria} />}
                  </Setting>
                );
              })}
            </Section>
            <Section title="Social links">
              {SOCIAL_NETWORKS.map((n) => <TextSetting key={n} p={p} name={`social_${n}`} label={SOCIAL_LABELS[n]} type="url" max={SETTINGS_LIMITS.url} />)}
            </Section>
            <button type="submit" className="btn btn-primary">{_t('Save the settings')}</button>
          </form>
        </div>
        <div className="col-12 col-lg-4 order-first order-lg-last">
          <section className="card" aria-labelledby="settings-logo-title">
            <div className="card-body">
              <h2 id="settings-logo-title" className="h5 card-title">{_t('Logo')}</h2>
              <LogoUpload siteId={p.siteId} hasLogo={p.hasLogo} />
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}

export function siteSettingsPage(p: SiteSettingsPageProps) {
  return page('Site settings', <SettingsForm {...p} />);
}
