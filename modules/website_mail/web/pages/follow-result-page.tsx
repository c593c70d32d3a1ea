import { useT } from '@platform/web/client';

export interface FollowResultProps {
  /** What happened, in English (translated here). */
  message: string;
  ok: boolean;
  /** Where "Back to the page" goes: the page the form was on. */
  back: string;
}

/** The answer of the follow box sent without JavaScript: what happened, and the way back to the page. */
export function FollowResultPage({ message, ok, back }: FollowResultProps) {
  const _t = useT();
  return (
    <section className="follow-form-result">
      <h1>{_t('Follow')}</h1>
      <div className={`alert ${ok ? 'alert-success' : 'alert-danger'}`} role={ok ? 'status' : 'alert'}>{_t(message)}</div>
      <p><a className="btn btn-primary" href={back}>{_t('Back to the page')}</a></p>
    </section>
  );
}
