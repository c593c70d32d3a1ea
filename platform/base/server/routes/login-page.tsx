import { MIN_PASSWORD_LENGTH } from '../services/user-accounts';
import type { ReactNode } from 'react';
import { page } from '@platform/web/render';

/** The account pages' form: a POST carrying the CSRF token and where to go once done. */
function AccountForm({ action, csrfToken, redirect, children }: { action: string; csrfToken: string; redirect: string; children: ReactNode }) {
  return (
    <form className="card-form" method="post" action={action}>
      <input type="hidden" name="csrf_token" value={csrfToken} />
      <input type="hidden" name="redirect" value={redirect} />
      {children}
    </form>
  );
}

export interface LoginPageProps {
  csrfToken: string;
  redirect: string;
  login?: string;
  error?: string;
}

export function loginPage({ csrfToken, redirect, login, error }: LoginPageProps) {
  return page('Sign in', (
    <section>
      <h1>Sign in</h1>
      <AccountForm action="/web/login" csrfToken={csrfToken} redirect={redirect}>
        {error ? <p className="alert" role="alert">{error}</p> : null}
        <label>E-mail or login<input name="login" defaultValue={login} autoComplete="username" required autoFocus /></label>
        <label>Password<input name="password" type="password" autoComplete="current-password" required /></label>
        <button type="submit">Sign in</button>
        <p>No account? <a href={`/web/signup?redirect=${encodeURIComponent(redirect)}`}>Sign up</a></p>
      </AccountForm>
    </section>
  ));
}

export interface SignupPageProps {
  csrfToken: string;
  redirect: string;
  values: { name?: string; login?: string };
  error?: string;
}

export function signupPage({ csrfToken, redirect, values, error }: SignupPageProps) {
  return page('Sign up', (
    <section>
      <h1>Create an account</h1>
      <AccountForm action="/web/signup" csrfToken={csrfToken} redirect={redirect}>
        {error ? <p className="alert" role="alert">{error}</p> : null}
        <label>Your name<input name="name" defaultValue={values.name} autoComplete="name" required /></label>
        <label>E-mail<input name="login" type="email" defaultValue={values.login} autoComplete="email" required /></label>
        <label>Password<input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required /></label>
        <label>Confirm password<input name="confirm_password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required /></label>
        <button type="submit">Sign up</button>
      </AccountForm>
    </section>
  ));
}

export interface LogoutPageProps {
  csrfToken: string;
  redirect: string;
}

/** What GET /web/session/logout shows: signing out is a POST with a token, never a plain link. */
export function logoutPage({ csrfToken, redirect }: LogoutPageProps) {
  return page('Sign out', (
    <section>
      <h1>Sign out</h1>
      <AccountForm action="/web/session/logout" csrfToken={csrfToken} redirect={redirect}>
        <p>Do you want to sign out?</p>
        <button type="submit">Sign out</button>
      </AccountForm>
    </section>
  ));
}
