import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import UnsubscribeForm, { type UnsubscribeFormProps } from '../islands/unsubscribe-form';

function UnsubscribeIntro() {
  const _t = useT();
  return (
    <>
      <h1>{_t('Newsletter subscriptions')}</h1>
      <p>{_t('Untick the lists you no longer want to receive, then save; or leave them all at once.')}</p>
    </>
  );
}

/** The personal page an unsubscribe link opens: the lists of that address, as checkboxes. */
export function unsubscribePage(props: UnsubscribeFormProps) {
  return page('Newsletter subscriptions', (
    <section className="unsubscribe-page page-narrow">
      <UnsubscribeIntro />
      <UnsubscribeForm {...props} />
    </section>
  ));
}
