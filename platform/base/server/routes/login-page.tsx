import { MIN_PASSWORD_LENGTH } from '../services/user-accounts';
import { page } from '@platform/web/render';

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
      <form className="card-form" method="post" action="/web/login">
        <input type="hidden" name="csrf_token" value={csrfToken} />
        <input type="hidden" name="redirect" value={redirect} />
        {error ? <p className="alert" role="alert">{error}</p> : null}
        <label>E-mail or login<input name="login" defaultValue={login} autoComplete="username" required autoFocus /></label>
        <label>Password<input name="password" type="password" autoComplete="current-password" required /></label>
        <button type="submit">Sign in</button>
        <p>No account? <a href={`/web/signup?redirect=${encodeURIComponent(redirect)}`}>Sign up</a></p>
      </form>
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
      <form className="card-form" method="post" action="/web/signup">
        <input type="hidden" name="csrf_token" value={csrfToken} />
        <input type="hidden" name="redirect" value={redirect} />
        {error ? <p className="alert" role="alert">{error}</p> : null}
        <label>Your name<input name="name" defaultValue={values.name} autoComplete="name" required /></label>
        <label>E-mail<input name="login" type="email" defaultValue={values.login} autoComplete="email" required /></label>
        <label>Password<input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required /></label>
        <label>Confirm password<input name="confirm_password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required /></label>
        <button type="submit">Sign up</button>
      </form>
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
      <form className="card-form" method="post" action="/web/session/logout">
        <input type="hidden" name="csrf_token" value={csrfToken} />
        <input type="hidden" name="redirect" value={redirect} />
        <p>Do you want to sign out?</p>
        <button type="submit">Sign out</button>
      </form>
    </section>
  ));
}
