import { MIN_PASSWORD_LENGTH } from '../services/user-accounts';
import { page } from '../../../web/render';

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
