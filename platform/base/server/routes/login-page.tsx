import { loginUrl } from '@platform/common/login-url';
import { MIN_PASSWORD_LENGTH } from '../services/user-accounts';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useLocalizedPath, useT } from '@platform/web/client/web-context';
import { page } from '@platform/web/render';

/**
 * The account pages (sign in, sign up, sign out, password reset): one narrow Bootstrap card each, in
 * the visitor's language (`useT` while rendering; the tab title is translated by the route).
 */
function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  const _t = useT();
  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <div className="col-12 col-sm-10 col-md-7 col-lg-5">
          <div className="card shadow-sm">
            <div className="card-body p-4">
              <h1 className="h3 mb-3">{_t(title)}</h1>
              {children}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The account pages' form: a POST carrying the CSRF token and where to go once done. */
function AccountForm({ action, csrfToken, redirect, children }: { action: string; csrfToken: string; redirect?: string; children: ReactNode }) {
  const localized = useLocalizedPath();
  return (
    <form method="post" action={localized(action)}>
      <input type="hidden" name="csrf_token" value={csrfToken} />
      {redirect !== undefined ? <input type="hidden" name="redirect" value={redirect} /> : null}
      {children}
    </form>
  );
}

/** An alert whose text is translated (messages come from the server in English). */
function Notice({ kind, text }: { kind: 'danger' | 'success' | 'info'; text?: string }) {
  const _t = useT();
  if (!text) return null;
  return <div className={`alert alert-${kind}`} role={kind === 'danger' ? 'alert' : 'status'}>{_t(text)}</div>;
}

/** A labelled input; `error` marks it `is-invalid` with its message tied by aria-describedby. */
export function FormField({ id, label, error, help, ...input }: { id: string; label: string; error?: string; help?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const _t = useT();
  const described = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>{_t(label)}</label>
      <input id={id} className={`form-control${error ? ' is-invalid' : ''}`} aria-invalid={error ? 'true' : undefined} aria-describedby={described} {...input} />
      {help ? <div id={`${id}-help`} className="form-text">{_t(help)}</div> : null}
      {error ? <div id={`${id}-error`} className="invalid-feedback">{_t(error)}</div> : null}
    </div>
  );
}

export interface LoginPageProps {
  csrfToken: string;
  redirect: string;
  login?: string;
  error?: string;
  /** A notice shown above the form (e.g. after a password reset). */
  notice?: string;
}

function LoginForm({ csrfToken, redirect, login, error, notice }: LoginPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <AccountCard title="Sign in">
      <Notice kind="success" text={notice} />
      <Notice kind="danger" text={error} />
      <AccountForm action="/web/login" csrfToken={csrfToken} redirect={redirect}>
        <FormField id="login" name="login" label="E-mail or login" defaultValue={login} autoComplete="username" required autoFocus maxLength={256} />
        <FormField id="password" name="password" label="Password" type="password" autoComplete="current-password" required maxLength={1024} />
        <button type="submit" className="btn btn-primary w-100">{_t('Sign in')}</button>
      </AccountForm>
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3">
        <a href={localized(`/web/signup?redirect=${encodeURIComponent(redirect)}`)}>{_t('No account? Sign up')}</a>
        <a href={localized('/web/reset_password')}>{_t('Forgot password?')}</a>
      </div>
    </AccountCard>
  );
}

export function loginPage(p: LoginPageProps) {
  return page('Sign in', <LoginForm {...p} />);
}

export interface SignupPageProps {
  csrfToken: string;
  redirect: string;
  values: { name?: string; login?: string };
  error?: string;
}

function SignupForm({ csrfToken, redirect, values, error }: SignupPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <AccountCard title="Create an account">
      <Notice kind="danger" text={error} />
      <AccountForm action="/web/signup" csrfToken={csrfToken} redirect={redirect}>
        <FormField id="name" name="name" label="Your name" defaultValue={values.name} autoComplete="name" required maxLength={256} />
        <FormField id="login" name="login" label="E-mail" type="email" defaultValue={values.login} autoComplete="email" required maxLength={128} />
        <FormField id="password" name="password" label="Password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required maxLength={1024}
          help="At least 8 characters." />
        <FormField id="confirm_password" name="confirm_password" label="Confirm password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required maxLength={1024} />
        <button type="submit" className="btn btn-primary w-100">{_t('Sign up')}</button>
      </AccountForm>
      <p className="mt-3 mb-0"><a href={localized(loginUrl(redirect))}>{_t('Already have an account? Sign in')}</a></p>
    </AccountCard>
  );
}

export function signupPage(p: SignupPageProps) {
  return page('Sign up', <SignupForm {...p} />);
}

export interface LogoutPageProps {
  csrfToken: string;
  redirect: string;
}

function LogoutForm({ csrfToken, redirect }: LogoutPageProps) {
  const _t = useT();
  return (
    <AccountCard title="Sign out">
      <AccountForm action="/web/session/logout" csrfToken={csrfToken} redirect={redirect}>
        <p>{_t('Do you want to sign out?')}</p>
        <button type="submit" className="btn btn-primary">{_t('Sign out')}</button>
      </AccountForm>
    </AccountCard>
  );
}

/** What GET /web/session/logout shows: signing out is a POST with a token, never a plain link. */
export function logoutPage(p: LogoutPageProps) {
  return page('Sign out', <LogoutForm {...p} />);
}

export interface ResetRequestPageProps {
  csrfToken: string;
  login?: string;
  /** The request went through: the same words whether or not an account matched. */
  sent?: boolean;
  error?: string;
}

function ResetRequestForm({ csrfToken, login, sent, error }: ResetRequestPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <AccountCard title="Reset your password">
      {sent ? (
        <Notice kind="success" text="If an account matches what you typed, we have sent it an e-mail with a link to choose a new password. The link works for one hour." />
      ) : (
        <>
          <Notice kind="danger" text={error} />
          <p>{_t('Type the e-mail address or login of your account: we will send you a link to choose a new password.')}</p>
          <AccountForm action="/web/reset_password" csrfToken={csrfToken}>
            <FormField id="login" name="login" label="E-mail or login" defaultValue={login} autoComplete="username" required autoFocus maxLength={256} />
            <button type="submit" className="btn btn-primary w-100">{_t('Send the link')}</button>
          </AccountForm>
        </>
      )}
      <p className="mt-3 mb-0"><a href={localized('/web/login')}>{_t('Back to sign in')}</a></p>
    </AccountCard>
  );
}

export function resetRequestPage(p: ResetRequestPageProps) {
  return page('Reset your password', <ResetRequestForm {...p} />);
}

export interface NewPasswordPageProps {
  csrfToken: string;
  token: string;
  login: string;
  errors: { password?: string; confirm_password?: string };
  error?: string;
}

function NewPasswordForm({ csrfToken, token, login, errors, error }: NewPasswordPageProps) {
  const _t = useT();
  return (
    <AccountCard title="Choose a new password">
      <Notice kind="danger" text={error} />
      <AccountForm action="/web/reset_password" csrfToken={csrfToken}>
        <input type="hidden" name="token" value={token} />
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" value={login} autoComplete="username" />
        <p>{_t('Account:')} <strong>{login}</strong></p>
        <FormField id="password" name="password" label="New password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required maxLength={1024}
          help="At least 8 characters." error={errors.password} />
        <FormField id="confirm_password" name="confirm_password" label="Confirm password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required maxLength={1024}
          error={errors.confirm_password} />
        <button type="submit" className="btn btn-primary w-100">{_t('Change my password')}</button>
      </AccountForm>
    </AccountCard>
  );
}

export function newPasswordPage(p: NewPasswordPageProps) {
  return page('Choose a new password', <NewPasswordForm {...p} />);
}

function InvalidLink() {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <AccountCard title="Reset your password">
      <Notice kind="danger" text="This reset link is not valid any more. Ask for a new one." />
      <a className="btn btn-primary" href={localized('/web/reset_password')}>{_t('Ask for a new link')}</a>
    </AccountCard>
  );
}

/** A link that expired, was used, or was tampered with: one message for all (nothing to learn from it). */
export function invalidResetLinkPage() {
  return page('Reset your password', <InvalidLink />, { status: 400 });
}
