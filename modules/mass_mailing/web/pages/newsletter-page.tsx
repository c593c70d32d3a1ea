import { page } from '@platform/web/render';
import ExitPopup from '../islands/exit-popup';
import SubscribeWidget from '../islands/subscribe-widget';

export interface NewsletterPageProps {
  lists: Array<{ id: number; name: string }>;
  editMode: boolean;
}

/** The newsletter page: a subscribe form per active list, and the first list's exit popup. */
export function newsletterPage({ lists, editMode }: NewsletterPageProps) {
  return page('Newsletter', (
    <section className="newsletter-page">
      <h1>Newsletter</h1>
      {lists.length === 0 ? <p>There is no newsletter to subscribe to yet.</p> : (
        <>
          <p>Get our news by e-mail. You can unsubscribe at any time from the link in every e-mail.</p>
          {lists.map((l) => <SubscribeWidget key={l.id} listId={l.id} listName={l.name} />)}
          <ExitPopup listId={lists[0].id} editMode={editMode} />
        </>
      )}
    </section>
  ));
}
