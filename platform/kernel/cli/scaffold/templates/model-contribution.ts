import type { ScaffoldNames } from '../scaffold-names';

/** server/<name>-models.ts: the models the module contributes to the registry. */
export function modelContributionFile(n: ScaffoldNames): string {
  return `import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { ${n.pascal}Item } from './models/${n.kebab}-item';

@injectable()
export class ${n.pascal}Models implements ModelContribution {
  models(): ModelDefinition[] {
    return [${n.pascal}Item];
  }
}
`;
}
