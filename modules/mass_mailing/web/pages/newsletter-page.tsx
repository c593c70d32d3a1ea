import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import ExitPopup from '../islands/exit-popup';
import SubscribeWidget from '../islands/subscribe-widget';

export interface NewsletterPageProps {
  lists: Array<{ id: number; name: string }>;
  editMode: boolean;
}

/** The page's heading and intro, in the page's language. */
function NewsletterIntro({ empty }: { empty: boolean }) {
  const _t = useT();
  return (
    <>
      <h1>{_t('Newsletter')}</h1>
      <p>{empty ? _t('There is no newsletter to subscribe to yet.') : _t('Get our news by e-mail. You can unsubscribe at any time from the link in every e-mail.')}</p>
    </>
  );
}

/** The newsletter page: a subscribe form per active list, and the first list's exit popup. */
export function newsletterPage({ lists, editMode }: NewsletterPageProps) {
  return page('Newsletter', (
    <section className="newsletter-page page-narrow">
      <NewsletterIntro empty={lists.length === 0} />
      {lists.length === 0 ? null : (
        <>
          {lists.map((l) => <SubscribeWidget key={l.id} listId={l.id} listName={l.name} />)}
          <ExitPopup listId={lists[0].id} editMode={editMode} />
        </>
      )}
    </section>
  ));
}
