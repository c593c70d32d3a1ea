import type { ScaffoldNames } from '../scaffold-names';

/** server/<name>-models.ts: the models the module contributes to the registry. */
export function modelContributionFile(n: ScaffoldNames): string {
  return `import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
import { ${n.pascal}Item } from './models/${n.kebab}-item';

@injectable()
export class ${n.pascal}Models implements ModelContribution {
  models(): ModelDefinition[] {
    return [${n.pascal}Item];
  }
}
`;
}
