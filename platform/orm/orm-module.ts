import { ContainerModule } from 'inversify';
import { bindContributionProvider } from '@platform/core/contribution';
import { DatabaseToken } from '@platform/core/tokens';
import { EnvFactory } from './env-factory';
import type { OrmState } from './environment';
import { ModelContribution } from './model-contribution';

/** The ORM state of this database (models and access rules), filled by the kernel as modules load. */
export const OrmStateToken = Symbol('OrmState');

/** The ORM's services and the point it reads. */
export const ormModule = new ContainerModule(({ bind }) => {
  bindContributionProvider(bind, ModelContribution);
  bind(EnvFactory).toDynamicValue((ctx) => new EnvFactory(ctx.get<OrmState>(OrmStateToken), ctx.get(DatabaseToken)));
});
