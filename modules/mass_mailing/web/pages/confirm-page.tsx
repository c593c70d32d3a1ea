import { page } from '@platform/web';

export interface ConfirmPageProps {
  listName: string;
  email: string;
  /** The link's signed parameters, posted back by the button; absent once confirmed. */
  link?: { list_id: string; email: string; at: string; token: string };
  csrfToken?: string;
}

/**
 * The page a confirmation link opens. Opening it changes nothing (mail scanners and previews follow
 * links): the subscriber presses the button, which posts the signed parameters back.
 */
export function confirmPage({ listName, email, link, csrfToken }: ConfirmPageProps) {
  if (!link) {
    return page('Subscription confirmed', (
      <section className="newsletter-confirm-page page-narrow status-page">
        <h1>Subscription confirmed</h1>
        <p role="status" className="alert alert-success">You are subscribed to <strong>{listName}</strong> with {email}. Every e-mail has a link to unsubscribe.</p>
        <p><a className="btn btn-primary" href="/">Back to the site</a></p>
      </section>
    ));
  }
  return page('Confirm your subscription', (
    <section className="newsletter-confirm-page page-narrow form-card">
      <h1 className="h3">Confirm your subscription</h1>
      <p>Subscribe {email} to <strong>{listName}</strong>?</p>
      <form method="post" action="/newsletter/confirm" className="card-form mt-3">
        <input type="hidden" name="csrf_token" value={csrfToken} />
        {Object.entries(link).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <button type="submit" className="btn btn-primary">Confirm my subscription</button>
      </form>
    </section>
  ));
}
