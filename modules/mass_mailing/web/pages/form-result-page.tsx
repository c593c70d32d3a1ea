import { useT } from '@platform/web/client';

export interface FormResultProps {
  /** What happened, in English (translated here). */
  message: string;
  ok: boolean;
  /** Where "Continue" goes: the page the form was on. */
  back: string;
}

/** The answer of the subscribe form sent without JavaScript: what happened, and the way back to the page. */
export function FormResultPage({ message, ok, back }: FormResultProps) {
  const _t = useT();
  return (
    <section className="newsletter-form-result">
      <h1>{_t('Newsletter')}</h1>
      <div className={`alert ${ok ? 'alert-success' : 'alert-danger'}`} role={ok ? 'status' : 'alert'}>{_t(message)}</div>
      <p><a className="btn btn-primary" href={back}>{_t('Continue')}</a></p>
    </section>
  );
}
