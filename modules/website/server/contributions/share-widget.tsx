import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import type { RequestContext } from '@platform/http';
import ShareButtons from '../../web/islands/share-buttons';
import type { RecordRef, RecordWidgetContribution } from '../services/record-widgets';
import { readShareCounts } from '../routes/share-routes';

/** Models whose public pages get share buttons (other modules' records may join this list). */
const SHAREABLE = new Set(['website.page']);

/**
 * Share buttons under a record's page. Counts are the page's own (by path without the language
 * prefix, so every translation of a page adds to one count); the shared link is the page's full URL.
 */
@injectable()
export class ShareWidget implements RecordWidgetContribution {
  sequence = 30;

  constructor(@inject(SiteUrls) private readonly urls: SiteUrls) {}

  async renderFor(req: RequestContext, record: RecordRef) {
    if (!SHAREABLE.has(record.model)) return null;
    const urlPath = req.path;
    const [counts, [[, title]], base] = await Promise.all([
      readShareCounts(req.env, urlPath),
      req.env.model(record.model).name_get([record.id]),
      // Anonymous pages are cached: a forged Host must not end up in the links served to everyone.
      this.urls.forRequest(req),
    ]);
    return <ShareButtons url={`${base}${req.path}`} title={title} path={urlPath} counts={counts} />;
  }
}
