import { inject, injectable } from 'inversify';
import { array, mixed, object, string } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import { ValidationError } from '@platform/core/errors';
import { callKw } from '@platform/orm/call-kw';
import type { RouteDefinition } from '@platform/http/route-definition';
import { CallKwBudget } from '../services/call-kw-budget';

// Arguments are whatever the model method takes (ids, domains, values): the method checks them, and
// the JSON body limit bounds their size.
const ANY_ARGUMENT = 'checked by the model method; sized by the JSON body limit';
const callKwParams = object({
  model: string().required().max(128),
  method: string().required().max(128),
  args: array(mixed().meta({ bounded: ANY_ARGUMENT })).max(16).default([]),
  kwargs: mixed<Record<string, unknown>>().test('object', 'kwargs must be an object', (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))).meta({ bounded: ANY_ARGUMENT }),
});

/** Users write image fields (base64) through call_kw: they may send more than the usual 1 MB. */
const USER_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * `/web/dataset/call_kw[/<model>/<method>]`: the public model methods under the caller's rights, each
 * call charged to the caller's budget (call-kw-budget.ts).
 */
@injectable()
export class DatasetRoutes implements RouteContribution {
  constructor(@inject(CallKwBudget) private readonly budget: CallKwBudget) {}

  routes(): RouteDefinition[] {
    const handler = async (req: Parameters<RouteDefinition['handler']>[0]) => {
      const { model, method, args, kwargs } = req.params as { model: string; method: string; args?: unknown[]; kwargs?: Record<string, unknown> };
      const { model: pathModel, method: pathMethod } = req.pathParams;
      if ((pathModel && pathModel !== model) || (pathMethod && pathMethod !== method)) {
        throw new ValidationError('The model and method in the URL do not match the parameters');
      }
      // One transaction per call: a failing create/write leaves nothing half-written.
      return this.budget.run(req, method, args ?? [], kwargs ?? {}, () => req.env.transaction((env) => callKw(env, model, method, args ?? [], kwargs ?? {})));
    };
    return [
      { path: '/web/dataset/call_kw', type: 'json', auth: 'public', params: callKwParams, maxUserBodyBytes: USER_BODY_LIMIT, handler },
      { path: '/web/dataset/call_kw/:model/:method', type: 'json', auth: 'public', params: callKwParams, maxUserBodyBytes: USER_BODY_LIMIT, handler },
    ];
  }
}
