import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP request (Node's fetch does not let tests choose the Host header). */
export function rawRequest(baseUrl: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** POSTs a JSON-RPC call with full control over the body and headers. */
export async function postJson(baseUrl: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(baseUrl + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
}

export function rpcBody(params: Record<string, unknown>, id: unknown = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id });
}

/** The session_id Set-Cookie header of a response, if any. */
export function sessionSetCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith('session_id='));
}

/** A GET whose path is sent byte for byte (URL parsing would resolve `/./` and turn `\` into `/`). */
export function rawGet(baseUrl: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path: rawPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
