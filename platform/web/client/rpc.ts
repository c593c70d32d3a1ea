/** Error answered by a JSON-RPC route; `name` is the kernel's error name (AccessError, ValidationError...). */
export class RpcError extends Error {
  constructor(readonly code: number, override readonly name: string, message: string, readonly data?: unknown) {
    super(message);
  }
}

let nextId = 1;

/** Calls a JSON-RPC route of this site and resolves with its `result`. */
export async function rpc<T = unknown>(url: string, params: Record<string, unknown> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: nextId++, params }),
    });
  } catch {
    throw new RpcError(0, 'ConnectionLost', 'The server cannot be reached. Check your connection and try again.');
  }
  let body: { result?: T; error?: { code: number; message: string; data?: { name?: string; message?: string } } };
  try {
    body = await response.json();
  } catch {
    throw new RpcError(response.status, 'ServerError', `Unexpected answer from the server (HTTP ${response.status}).`);
  }
  if (body.error) {
    const { code, message, data } = body.error;
    throw new RpcError(code, data?.name ?? 'ServerError', data?.message ?? message, data);
  }
  return body.result as T;
}
