import { ContainerModule } from 'inversify';
import { MenuContribution, ModelContribution, RouteContribution, SitemapContribution } from '../../../platform/kernel/contribution-points';
import { RecordWidgetContribution, RecordWidgets } from './record-widgets';
import { GalleryRoutes } from './routes/gallery-routes';
import { ShareRoutes } from './routes/share-routes';
import { ShareWidget } from './share-widget';
import { LanguageRoutes } from './routes/language-routes';
import { PageRoutes } from './routes/page-routes';
import { PublishRoutes } from './routes/publish-routes';
import { SeoRoutes } from './routes/seo-routes';
import { WebsiteModels } from './website-models';
import { WebsiteMenu } from './website-menu';
import { WebsiteSitemap } from './website-sitemap';

export const websiteModule = new ContainerModule(({ bind }) => {
  bind(WebsiteModels).toSelf();
  bind(ModelContribution).toService(WebsiteModels);
  for (const routes of [PageRoutes, PublishRoutes, LanguageRoutes, SeoRoutes]) {
    bind(routes).toSelf();
    bind(RouteContribution).toService(routes);
  }
  for (const routes of [ShareRoutes, GalleryRoutes]) {
    bind(routes).toSelf();
    bind(RouteContribution).toService(routes);
  }
  bind(ShareWidget).toSelf();
  bind(RecordWidgetContribution).toService(ShareWidget);
  bind(RecordWidgets).toSelf();
  bind(WebsiteMenu).toSelf();
  bind(MenuContribution).toService(WebsiteMenu);
  bind(WebsiteSitemap).toSelf();
  bind(SitemapContribution).toService(WebsiteSitemap);
});
