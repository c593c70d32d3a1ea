import { ContainerModule } from 'inversify';
import { bindContribution, bindContributionProvider, LifecycleContribution } from '@platform/core';
import { BackofficeMenuContribution, LanguageSwitchContribution, LayoutHeadContribution, MenuContribution } from '@platform/web';
import { ModelContribution } from '@platform/orm';
import { HotPathContribution, RouteContribution } from '@platform/http';
import { WebsiteLanguageSwitch } from './contributions/language-switch';
import { SitemapContribution } from './services/sitemap-contribution';
import { RecordWidgetContribution, RecordWidgets } from './services/record-widgets';
import { GalleryRoutes } from './routes/gallery-routes';
import { ShareRoutes } from './routes/share-routes';
import { ShareWidget } from './contributions/share-widget';
import { LanguageRoutes } from './routes/language-routes';
import { EditorRoutes } from './routes/editor-routes';
import { MenuRoutes } from './routes/menu-routes';
import { PageRoutes } from './routes/page-routes';
import { PublishRoutes } from './routes/publish-routes';
import { SeoRoutes } from './routes/seo-routes';
import { PageUrls } from './services/page-urls';
import { PageView } from './services/page-view';
import { PageTranslations } from './services/page-translations';
import { WebsiteModels } from './website-models';
import { WebsiteMenu } from './contributions/website-menu';
import { ModuleMenuEntries } from './services/module-menu-entries';
import { ModuleMenuSync } from './contributions/module-menu-sync';
import { WebsiteSitemap } from './contributions/website-sitemap';
import { DynamicBlockContribution } from './services/dynamic-blocks';
import { DynamicBlockRenderer } from './services/dynamic-block-renderer';
import { LatestPagesBlock } from './contributions/latest-pages-block';
import { ThemeStaticRoutes } from './routes/theme-static-routes';
import { WebsiteBackofficeMenu } from './contributions/website-backoffice-menu';
import { PageHistory } from './services/page-history';
import { SiteTheme } from './services/site-theme';
import { ThemeHead } from './contributions/theme-head';
import { HistoryRoutes } from './routes/history-routes';
import { MediaRoutes } from './routes/media-routes';
import { ThemeRoutes } from './routes/theme-routes';
import { RedirectTable } from './services/redirect-table';
import { RedirectHotPath } from './routes/redirect-hot-path';

export const websiteModule = new ContainerModule(({ bind }) => {
  bind(PageUrls).toSelf();
  bind(PageView).toSelf();
  bind(PageTranslations).toSelf();
  bind(PageHistory).toSelf();
  // One per container: it registers its columns with the site list once.
  bind(SiteTheme).toSelf().inSingletonScope();
  bindContribution(bind, LayoutHeadContribution, ThemeHead);
  // One per container: it remembers which sites' entries are in line with their modules.
  bind(ModuleMenuEntries).toSelf().inSingletonScope();
  bindContribution(bind, LifecycleContribution, ModuleMenuSync);
  bindContribution(bind, ModelContribution, WebsiteModels);
  for (const routes of [PageRoutes, EditorRoutes, MenuRoutes, PublishRoutes, LanguageRoutes, SeoRoutes, ShareRoutes, GalleryRoutes, ThemeStaticRoutes, HistoryRoutes, MediaRoutes, ThemeRoutes]) {
    bindContribution(bind, RouteContribution, routes);
  }
  bindContributionProvider(bind, RecordWidgetContribution);
  bindContribution(bind, RecordWidgetContribution, ShareWidget);
  bind(RecordWidgets).toSelf();
  bindContribution(bind, MenuContribution, WebsiteMenu);
  bindContributionProvider(bind, SitemapContribution);
  bindContribution(bind, SitemapContribution, WebsiteSitemap);
  bindContribution(bind, LanguageSwitchContribution, WebsiteLanguageSwitch);
  bindContributionProvider(bind, DynamicBlockContribution);
  bindContribution(bind, DynamicBlockContribution, LatestPagesBlock);
  bind(DynamicBlockRenderer).toSelf();
  bindContribution(bind, BackofficeMenuContribution, WebsiteBackofficeMenu);
  // Old URLs of the site: answered before routing, from memory.
  bindContribution(bind, LifecycleContribution, RedirectTable);
  bindContribution(bind, HotPathContribution, RedirectHotPath);
});
