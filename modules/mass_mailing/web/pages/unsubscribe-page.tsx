import { page } from '@platform/web/render';
import UnsubscribeForm, { type UnsubscribeFormProps } from '../islands/unsubscribe-form';

/** The personal page an unsubscribe link opens: the lists of that address, as checkboxes. */
export function unsubscribePage(props: UnsubscribeFormProps) {
  return page('Newsletter subscriptions', (
    <section className="unsubscribe-page">
      <h1>Newsletter subscriptions</h1>
      <p>Untick the lists you no longer want to receive, then save.</p>
      <UnsubscribeForm {...props} />
    </section>
  ));
}
