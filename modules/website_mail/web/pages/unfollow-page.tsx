import { useT } from '@platform/web/client';

export interface UnfollowPageProps {
  recordName: string;
  recordPath: string;
  email: string;
  /** The link's signed parameters, posted back by the button; absent once done. */
  link?: { model: string; res_id: string; partner_id: string; token: string };
  action?: string;
  csrfToken?: string;
}

/**
 * The page the unfollow link of a comment mail opens. Opening it changes nothing (mail scanners and
 * previews follow links): the follower presses the button, which posts the signed parameters back.
 */
export function UnfollowPage({ recordName, recordPath, email, link, action, csrfToken }: UnfollowPageProps) {
  const _t = useT();
  if (!link) {
    return (
      <section className="unfollow-page">
        <h1>{_t('You no longer follow this page')}</h1>
        <div className="alert alert-success" role="status">
          {_t('%s will not receive e-mails about new comments on').replace('%s', email)} <strong>{recordName}</strong>.
        </div>
        <p><a href={recordPath}>{_t('Back to the page')}</a></p>
      </section>
    );
  }
  return (
    <section className="unfollow-page">
      <h1>{_t('Stop following this page?')}</h1>
      <p>{_t('%s receives an e-mail for each new comment on').replace('%s', email)} <strong>{recordName}</strong>.</p>
      <form method="post" action={action}>
        <input type="hidden" name="csrf_token" value={csrfToken} />
        {Object.entries(link).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <button type="submit" className="btn btn-primary">{_t('Stop following')}</button>
      </form>
    </section>
  );
}
