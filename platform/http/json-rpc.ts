import { InvalidFields, UserError } from '@platform/core/errors';

export interface JsonRpcError {
  code: number;
  message: string;
  data: { name: string; message: string; arguments?: unknown[]; debug?: string; fields?: Record<string, string> };
}

/** Error answer in the original platform's shape; never carries a stack trace. */
export function errorPayload(err: unknown): JsonRpcError {
  if (err instanceof UserError) {
    return {
      code: err.code,
      message: err.code === 100 ? 'Session Expired' : err.code === 429 ? 'Too Many Requests' : 'Server Error',
      data: { name: err.name, message: err.message, arguments: [err.message], ...(err instanceof InvalidFields ? { fields: err.fields } : {}) },
    };
  }
  return {
    code: 200,
    message: 'Server Error',
    data: { name: 'InternalError', message: 'An internal error occurred. It has been logged.' },
  };
}

export function envelope(id: unknown, body: { result: unknown } | { error: JsonRpcError }): Record<string, unknown> {
  return { jsonrpc: '2.0', id: id ?? null, ...body };
}

/** Checks the request envelope `{jsonrpc, method, params, id}` and returns params. */
export function readEnvelope(body: unknown): { id: unknown; params: Record<string, unknown> } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new InvalidRequest('The request body must be a JSON-RPC object');
  const b = body as Record<string, unknown>;
  const params = b.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new InvalidRequest('params must be an object');
  return { id: b.id, params: params as Record<string, unknown> };
}

export class InvalidRequest extends UserError {
  override name = 'ValidationError';
}
