import { inject, injectable } from 'inversify';
import { type HotPathContribution, type HotPathRequest, LanguageCatalog, SiteService } from '@platform/http';
import { localizedPath } from '@platform/common';
import { RedirectTable, type Redirect } from '../services/redirect-table';

/** An optional language prefix (`/fr`) and the rest of the path, as the pipeline reads it. */
const LANG_PREFIX = /^\/([a-zA-Z]{2,3}(?:[_-][a-zA-Z0-9]{2,4})?)(\/.*)$/;

/**
 * Old URLs answered before routing: a GET or HEAD of a path some site redirects (`/our-services`,
 * `/fr/our-services`) gets its 301 or 302 from memory, the hit counted in a batch. Other requests
 * cost a set lookup; after a change of the redirects, the first request reads them again.
 */
@injectable()
export class RedirectHotPath implements HotPathContribution {
  constructor(
    @inject(RedirectTable) private readonly table: RedirectTable,
    @inject(SiteService) private readonly sites: SiteService,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  matches(method: string, path: string): boolean {
    if (method !== 'GET' && method !== 'HEAD') return false;
    // Stale after a change: claimed, and handle() reads the table before deciding.
    if (!this.table.fresh()) return true;
    return this.table.has(path) || this.table.has(LANG_PREFIX.exec(path)?.[2] ?? '');
  }

  handle(request: HotPathRequest): boolean | Promise<boolean> {
    if (!this.table.fresh()) return this.table.load().then(() => this.answer(request));
    return this.answer(request);
  }

  private async answer(request: HotPathRequest): Promise<boolean> {
    const site = this.sites.cachedResolve(request.req.headers.host) ?? await this.sites.resolve(request.req.headers.host);
    let path = request.path;
    let prefix: string | null = null;
    const m = LANG_PREFIX.exec(path);
    if (m && !this.table.find(site.id, path)) {
      const lang = (this.languages.cachedAll() ?? await this.languages.all()).find((l) => l.urlCode === m[1] && site.langs.includes(l.code));
      // The default language's prefix is the pipeline's to drop first (it redirects to the plain URL).
      if (lang && lang.code !== site.defaultLang) {
        prefix = lang.urlCode;
        path = m[2];
      }
    }
    const redirect = this.table.find(site.id, path);
    if (!redirect) return false;
    this.table.hit(redirect.id);
    request.reply(redirect.type, ['Location', this.location(redirect, prefix, request.req.url ?? ''), 'Cache-Control', 'no-store']);
    return true;
  }

  /** The target, in the visitor's language when it is a path of the site, with the visitor's query unless it has its own. */
  private location(redirect: Redirect, prefix: string | null, url: string): string {
    if (!redirect.to.startsWith('/')) return redirect.to;
    const q = url.indexOf('?');
    const target = localizedPath(redirect.to, prefix);
    return q >= 0 && !target.includes('?') ? target + url.slice(q) : target;
  }
}
