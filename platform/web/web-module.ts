import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { bindContributionProvider, ContributionProvider } from '@platform/core/contribution';
import type { DiscoveredModule } from '@platform/core/manifest';
import { LoadedModulesToken, LoggerToken } from '@platform/core/tokens';
import { LanguageCatalog } from '@platform/http/language-catalog';
import { SiteService } from '@platform/http/site-service';
import { SiteCaches } from '@platform/http/site-caches';
import { PageRendering } from '@platform/http/page-rendering';
import { FooterBlockContribution, LanguageSwitchContribution, LayoutHeadContribution, LayoutWidgetContribution, MenuContribution, UserMenuContribution } from './contribution-points';
import { PageRenderer } from './page-renderer';
import { IslandStrings } from './island-strings';
import { SiteAppearances } from './site-appearance';
import { TranslationCatalog } from './translation-catalog';
import { WebAssets } from './web-assets';
import { BackofficeAssets } from './backoffice/backoffice-assets';
import { BackofficeShell } from './backoffice/backoffice-shell';
import { BackofficeMenuContribution, BackofficeViewContribution } from './backoffice/contribution-points';

/** Server rendering, asset bundles and UI translations; binds the HTTP layer's PageRendering. */
export const webModule = new ContainerModule(({ bind }) => {
  for (const point of [MenuContribution, UserMenuContribution, LanguageSwitchContribution, LayoutWidgetContribution, FooterBlockContribution, LayoutHeadContribution]) bindContributionProvider(bind, point);
  bind(TranslationCatalog).toDynamicValue((ctx) => new TranslationCatalog(ctx.get<DiscoveredModule[]>(LoadedModulesToken)));
  bind(WebAssets).toDynamicValue((ctx) => new WebAssets(ctx.get<DiscoveredModule[]>(LoadedModulesToken), ctx.get<Logger>(LoggerToken)));
  bind(SiteAppearances).toDynamicValue((ctx) => new SiteAppearances(ctx.get(SiteService)));
  bind(PageRenderer).toDynamicValue((ctx) => new PageRenderer(
    {
      menus: ctx.get(ContributionProvider, { name: MenuContribution }),
      userMenus: ctx.get(ContributionProvider, { name: UserMenuContribution }),
      languageSwitches: ctx.get(ContributionProvider, { name: LanguageSwitchContribution }),
      layoutWidgets: ctx.get(ContributionProvider, { name: LayoutWidgetContribution }),
      footerBlocks: ctx.get(ContributionProvider, { name: FooterBlockContribution }),
      heads: ctx.get(ContributionProvider, { name: LayoutHeadContribution }),
    },
    ctx.get(WebAssets), ctx.get(TranslationCatalog), ctx.get(LanguageCatalog), ctx.get(SiteAppearances),
    new IslandStrings(ctx.get<DiscoveredModule[]>(LoadedModulesToken)),
  ));
  bind(PageRendering).toService(PageRenderer);
  // The back office at /web (platform/web/backoffice): its own bundle, menu and views from modules.
  for (const point of [BackofficeMenuContribution, BackofficeViewContribution]) bindContributionProvider(bind, point);
  bind(BackofficeAssets).toDynamicValue((ctx) => new BackofficeAssets(ctx.get<Logger>(LoggerToken)));
  bind(BackofficeShell).toDynamicValue((ctx) => new BackofficeShell(
    ctx.get(ContributionProvider, { name: BackofficeMenuContribution }), ctx.get(ContributionProvider, { name: BackofficeViewContribution }),
    ctx.get(BackofficeAssets), ctx.get(PageRenderer), ctx.get(TranslationCatalog), ctx.get(LanguageCatalog),
  ));
});
