import { ContainerModule } from 'inversify';
import { ModelContribution, RouteContribution, SitemapContribution } from '../../../platform/kernel/contribution-points';
import { RecordWidgets } from './record-widgets';
import { LanguageRoutes } from './routes/language-routes';
import { PageRoutes } from './routes/page-routes';
import { PublishRoutes } from './routes/publish-routes';
import { SeoRoutes } from './routes/seo-routes';
import { WebsiteModels } from './website-models';
import { WebsiteSitemap } from './website-sitemap';

export const websiteModule = new ContainerModule(({ bind }) => {
  bind(WebsiteModels).toSelf();
  bind(ModelContribution).toService(WebsiteModels);
  for (const routes of [PageRoutes, PublishRoutes, LanguageRoutes, SeoRoutes]) {
    bind(routes).toSelf();
    bind(RouteContribution).toService(routes);
  }
  bind(RecordWidgets).toSelf();
  bind(WebsiteSitemap).toSelf();
  bind(SitemapContribution).toService(WebsiteSitemap);
});
