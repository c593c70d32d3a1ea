import path from 'node:path';
import { injectable } from 'inversify';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { StaticFolder } from './static-folder';

/** The default theme's pictures (the hero block's image): `/website/static/theme/<file>`. */
@injectable()
export class ThemeStaticRoutes implements RouteContribution {
  private readonly folder = new StaticFolder(path.join(__dirname, '..', '..', 'static', 'theme'));

  routes(): RouteDefinition[] {
    return [{
      path: '/website/static/theme/:file', type: 'http', auth: 'none',
      handler: (req) => this.folder.serve(req, req.pathParams.file, 'No such file.'),
    }];
  }
}
