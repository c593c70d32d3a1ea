import { useT } from '@platform/web/client';

export interface FollowConfirmPageProps {
  recordName: string;
  recordPath: string;
  email: string;
  /** The link's signed parameters, posted back by the button; absent once done. */
  link?: { request: string; at: string; token: string };
  action?: string;
  csrfToken?: string;
}

/**
 * The page a follow confirmation link opens. Opening it changes nothing (mail scanners and previews
 * follow links): the address's owner presses the button, which posts the signed parameters back.
 */
export function FollowConfirmPage({ recordName, recordPath, email, link, action, csrfToken }: FollowConfirmPageProps) {
  const _t = useT();
  if (!link) {
    return (
      <section className="follow-confirm-page">
        <h1>{_t('You are following this page')}</h1>
        <div className="alert alert-success" role="status">
          {_t('%s will receive an e-mail for each new comment on').replace('%s', email)} <strong>{recordName}</strong>.
        </div>
        <p><a href={recordPath}>{_t('Back to the page')}</a></p>
      </section>
    );
  }
  return (
    <section className="follow-confirm-page">
      <h1>{_t('Follow this page?')}</h1>
      <p>{_t('%s will receive an e-mail for each new comment on').replace('%s', email)} <strong>{recordName}</strong>.</p>
      <form method="post" action={action}>
        <input type="hidden" name="csrf_token" value={csrfToken} />
        {Object.entries(link).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <button type="submit" className="btn btn-primary">{_t('Confirm: follow it')}</button>
      </form>
    </section>
  );
}
