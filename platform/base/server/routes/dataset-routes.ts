import { injectable } from 'inversify';
import { array, mixed, object, string } from 'yup';
import type { RouteContribution } from '../../../kernel/contribution-points';
import { ValidationError } from '../../../kernel/errors';
import { callKw } from '../../../orm/call-kw';
import type { RouteDefinition } from '../../../http/route-definition';

const callKwParams = object({
  model: string().required(),
  method: string().required(),
  args: array().default([]),
  kwargs: mixed<Record<string, unknown>>().test('object', 'kwargs must be an object', (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))),
});

/** `/web/dataset/call_kw[/<model>/<method>]`: the public model methods under the caller's rights. */
@injectable()
export class DatasetRoutes implements RouteContribution {
  routes(): RouteDefinition[] {
    const handler = async (req: Parameters<RouteDefinition['handler']>[0]) => {
      const { model, method, args, kwargs } = req.params as { model: string; method: string; args?: unknown[]; kwargs?: Record<string, unknown> };
      const { model: pathModel, method: pathMethod } = req.pathParams;
      if ((pathModel && pathModel !== model) || (pathMethod && pathMethod !== method)) {
        throw new ValidationError('The model and method in the URL do not match the parameters');
      }
      // One transaction per call: a failing create/write leaves nothing half-written.
      return req.env.transaction((env) => callKw(env, model, method, args ?? [], kwargs ?? {}));
    };
    return [
      { path: '/web/dataset/call_kw', type: 'json', auth: 'public', params: callKwParams, handler },
      { path: '/web/dataset/call_kw/:model/:method', type: 'json', auth: 'public', params: callKwParams, handler },
    ];
  }
}
