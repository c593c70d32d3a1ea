import { inject, injectable } from 'inversify';
import type { FooterBlockContribution } from '@platform/web';
import { SiteCaches, type RequestContext, type SiteCache } from '@platform/http';
import { useLocalizedPath, useT } from '@platform/web/client';
import { NewsletterService } from '../services/newsletter-service';

/** `path`: the page without its language prefix (the form comes back to it, in the same language). */
function NewsletterFooterForm({ listId, path }: { listId: number; path: string }) {
  const _t = useT();
  const local = useLocalizedPath();
  return (
    <section className="footer-newsletter" aria-labelledby="footer-newsletter-title">
      <h2 id="footer-newsletter-title">{_t('Newsletter')}</h2>
      <p>{_t('Our news in your inbox, once a month.')}</p>
      {/* A plain form (no script on the page): the route checks the Origin, as a cached page holds no token. */}
      <form method="post" action="/website_mass_mailing/subscribe_form">
        <input type="hidden" name="list_id" value={listId} />
        <input type="hidden" name="redirect" value={local(path)} />
        <label className="visually-hidden" htmlFor="footer-newsletter-email">{_t('Your e-mail')}</label>
        <div className="input-group">
          <input type="email" className="form-control" id="footer-newsletter-email" name="email" required maxLength={254} autoComplete="email" placeholder={_t('your-email@example.com')} />
          <button type="submit" className="btn btn-primary">{_t('Subscribe')}</button>
        </div>
      </form>
    </section>
  );
}

/** The footer's newsletter column: subscribe to the first active list, coming back to the same page. */
@injectable()
export class NewsletterFooterBlock implements FooterBlockContribution {
  /** The active lists (read as superuser: the same for everybody), kept until the next write signal. */
  private readonly lists: SiteCache<Array<{ id: number; name: string }>>;

  constructor(@inject(NewsletterService) private readonly newsletter: NewsletterService, @inject(SiteCaches) caches: SiteCaches) {
    this.lists = caches.create(1);
  }

  async renderFooterBlock(req: RequestContext) {
    const [list] = await this.lists.get('active', () => this.newsletter.activeLists(req.env));
    if (!list) return null;
    return <NewsletterFooterForm listId={list.id} path={req.path} />;
  }
}
