import type { ScaffoldNames } from '../scaffold-names';

/** server/<name>-module.ts: the ContainerModule, bindings only. */
export function containerModuleFile(n: ScaffoldNames): string {
  return `import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core/contribution';
import { RouteContribution } from '@platform/http/contribution-points';
import { ModelContribution } from '@platform/orm/model-contribution';
import { ${n.pascal}Models } from './${n.kebab}-models';
import { ${n.pascal}ItemRoutes } from './routes/item-routes';
import { ${n.pascal}ItemService } from './services/item-service';

export const ${n.camel}Module = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, ${n.pascal}Models);
  bind(${n.pascal}ItemService).toSelf();
  bindContribution(bind, RouteContribution, ${n.pascal}ItemRoutes);
});
`;
}
