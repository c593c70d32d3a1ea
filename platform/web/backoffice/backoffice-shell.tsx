import { renderToStaticMarkup } from 'react-dom/server';
import type { ContributionProvider } from '@platform/core/contribution';
import type { LanguageCatalog } from '@platform/http/language-catalog';
import type { RequestContext } from '@platform/http/route-definition';
import { ADMIN_GROUP } from '@platform/orm/access-control';
import type { PageRenderer } from '../page-renderer';
import type { TranslationCatalog } from '../translation-catalog';
import type { BackofficeAssets } from './backoffice-assets';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeViewContribution } from './contribution-points';
import type { BackofficeBootData, MenuNode } from './client/boot-data';
import { jsonForScript } from '../json-for-script';

export const INTERNAL_GROUP = 'base.group_user';

/**
 * The back office page at /web: an HTML frame whose JSON block carries the caller's menu (entries of
 * the modules enabled on the site, for the caller's groups, on models the caller may read) and whose
 * script is the back office bundle. Only internal users get it; the route decides what others see.
 */
export class BackofficeShell {
  constructor(
    private readonly menus: ContributionProvider<BackofficeMenuContribution>,
    private readonly views: ContributionProvider<BackofficeViewContribution>,
    private readonly assets: BackofficeAssets,
    private readonly pages: PageRenderer,
    private readonly translations: TranslationCatalog,
    private readonly languages: LanguageCatalog,
  ) {}

  isInternal(req: RequestContext): boolean {
    return !req.isPublic && req.user.groups.has(INTERNAL_GROUP);
  }

  async render(req: RequestContext): Promise<string> {
    const data = await this.bootData(req);
    const bundle = await this.bundle(req);
    const title = `${data.translations['Back office'] ?? 'Back office'} | ${req.site.name}`;
    const html = renderToStaticMarkup(
      <html lang={data.language.code.replace('_', '-')} dir={data.language.direction}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>{title}</title>
          <link rel="icon" href="data:," />
          <link rel="stylesheet" href={bundle.stylesheet} />
          <script type="module" src={bundle.script} nonce={req.cspNonce} />
        </head>
        <body>
          <div id="backoffice-root">
            <main className="container py-5"><p>{data.translations['Loading…'] ?? 'Loading…'}</p></main>
          </div>
          <script type="application/json" id="backoffice-data" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
        </body>
      </html>,
    );
    return `<!DOCTYPE html>${html}`;
  }

  /** The bundle of this site's enabled modules' views. */
  bundle(req: RequestContext) {
    const enabled = (m: string) => req.site.modules.has(m);
    return this.assets.bundleFor(this.views.getContributionsFor(enabled).flatMap((c) => c.backofficeViews()));
  }

  file(name: string) {
    return this.assets.file(name);
  }

  /** The menu the caller sees on this site, as a tree sorted by sequence. */
  menu(req: RequestContext): MenuNode[] {
    const enabled = (m: string) => req.site.modules.has(m);
    const { access } = req.env.orm;
    const visible = (e: BackofficeMenuEntry) => (e.groups ?? [INTERNAL_GROUP]).some((g) => req.user.groups.has(g) || req.user.groups.has(ADMIN_GROUP))
      && (!e.action || !('model' in e.action) || access.allowed(req.env.user, e.action.model, 'read'));
    const entries = this.menus.getContributionsFor(enabled).flatMap((c) => c.backofficeMenuEntries()).filter(visible)
      .sort((a, b) => a.sequence - b.sequence || a.id.localeCompare(b.id));
    const node = (e: BackofficeMenuEntry): MenuNode => ({ id: e.id, name: e.name, action: e.action ?? null, children: entries.filter((c) => c.parent === e.id).map(node) });
    // An app shows when it opens something itself or has a child the caller may open.
    return entries.filter((e) => !e.parent).map(node).filter((n) => n.action || n.children.length);
  }

  private async bootData(req: RequestContext): Promise<BackofficeBootData> {
    const context = await this.pages.context(req);
    const langs = (await this.languages.all()).filter((l) => req.site.langs.includes(l.code));
    return {
      session: { ...context.session, isAdmin: req.user.groups.has(ADMIN_GROUP) },
      language: context.language,
      languages: langs.map((l) => ({ code: l.code, name: l.name })),
      translations: this.translations.forModules(req.site.modules, req.lang),
      menu: this.menu(req),
      site: { id: req.site.id, name: req.site.name },
    };
  }
}
