import type { ModelDefinition } from './model-definition';

/**
 * Models and model extensions (`inherit`) a module defines. The kernel registers them module by
 * module, in dependency order, so a model or field defined twice names the later module.
 */
export interface ModelContribution {
  models(): ModelDefinition[];
}
export const ModelContribution = Symbol('ModelContribution');
