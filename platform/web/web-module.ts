import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { bindContributionProvider, ContributionProvider } from '@platform/core/contribution';
import type { DiscoveredModule } from '@platform/core/manifest';
import { LoadedModulesToken, LoggerToken } from '@platform/core/tokens';
import { LanguageCatalog } from '@platform/http/language-catalog';
import { PageRendering } from '@platform/http/page-rendering';
import { LanguageSwitchContribution, LayoutWidgetContribution, MenuContribution, UserMenuContribution } from './contribution-points';
import { PageRenderer } from './page-renderer';
import { TranslationCatalog } from './translation-catalog';
import { WebAssets } from './web-assets';

/** Server rendering, asset bundles and UI translations; binds the HTTP layer's PageRendering. */
export const webModule = new ContainerModule(({ bind }) => {
  for (const point of [MenuContribution, UserMenuContribution, LanguageSwitchContribution, LayoutWidgetContribution]) bindContributionProvider(bind, point);
  bind(TranslationCatalog).toDynamicValue((ctx) => new TranslationCatalog(ctx.get<DiscoveredModule[]>(LoadedModulesToken)));
  bind(WebAssets).toDynamicValue((ctx) => new WebAssets(ctx.get<DiscoveredModule[]>(LoadedModulesToken), ctx.get<Logger>(LoggerToken)));
  bind(PageRenderer).toDynamicValue((ctx) => new PageRenderer(
    {
      menus: ctx.get(ContributionProvider, { name: MenuContribution }),
      userMenus: ctx.get(ContributionProvider, { name: UserMenuContribution }),
      languageSwitches: ctx.get(ContributionProvider, { name: LanguageSwitchContribution }),
      layoutWidgets: ctx.get(ContributionProvider, { name: LayoutWidgetContribution }),
    },
    ctx.get(WebAssets), ctx.get(TranslationCatalog), ctx.get(LanguageCatalog),
  ));
  bind(PageRendering).toService(PageRenderer);
});
