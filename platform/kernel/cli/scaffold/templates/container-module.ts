import type { ScaffoldNames } from '../scaffold-names';

/** server/<name>-module.ts: the ContainerModule, bindings only. */
export function containerModuleFile(n: ScaffoldNames): string {
  return `import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core';
import { RouteContribution } from '@platform/http';
import { ModelContribution } from '@platform/orm';
import { BackofficeMenuContribution } from '@platform/web';
import { ${n.pascal}BackofficeMenu } from './contributions/backoffice-menu';
import { ${n.pascal}Models } from './${n.kebab}-models';
import { ${n.pascal}ItemRoutes } from './routes/item-routes';
import { ${n.pascal}ItemService } from './services/item-service';

export const ${n.camel}Module = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, ${n.pascal}Models);
  bind(${n.pascal}ItemService).toSelf();
  bindContribution(bind, RouteContribution, ${n.pascal}ItemRoutes);
  bindContribution(bind, BackofficeMenuContribution, ${n.pascal}BackofficeMenu);
});
`;
}
