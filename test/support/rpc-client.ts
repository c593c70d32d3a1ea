/**
 * A tiny browser-like client: keeps the session cookie, speaks JSON-RPC, posts forms.
 */
export class RpcClient {
  /** The session cookie (`session_id=...`), or ''. */
  cookie = '';
  /** The cookie anonymous forms bind their CSRF token to (`csrf_visitor=...`), or ''. */
  formCookie = '';
  private nextId = 1;

  constructor(readonly baseUrl: string) {}

  async rpc<T = unknown>(path: string, params: Record<string, unknown> = {}): Promise<{ result?: T; error?: { code: number; message: string; data: { name: string; message: string } } }> {
    const res = await this.fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: this.nextId++ }),
    });
    return res.json() as never;
  }

  /** Like rpc() but throws on error and returns the result. */
  async call<T = unknown>(path: string, params: Record<string, unknown> = {}): Promise<T> {
    const answer = await this.rpc<T>(path, params);
    if (answer.error) throw Object.assign(new Error(answer.error.data.message), { rpc: answer.error });
    return answer.result as T;
  }

  async callKw<T = unknown>(model: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}): Promise<T> {
    return this.call<T>('/web/dataset/call_kw', { model, method, args, kwargs });
  }

  async authenticate(login: string, password: string): Promise<unknown> {
    return this.call('/web/session/authenticate', { db: 'test', login, password });
  }

  async get(path: string): Promise<Response> {
    return this.fetch(path, { redirect: 'manual' });
  }

  /** Reads the CSRF token from a page's form. */
  async csrfFrom(path: string): Promise<string> {
    const html = await (await this.get(path)).text();
    const m = /name="csrf_token" value="([^"]+)"/.exec(html);
    if (!m) throw new Error(`no csrf token on ${path}`);
    return m[1];
  }

  async postForm(path: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = [this.cookie, this.formCookie].filter(Boolean).join('; ');
    if (cookies) headers.set('Cookie', cookies);
    const res = await fetch(this.baseUrl + path, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      if (name === 'session_id') this.cookie = value ? `session_id=${value}` : '';
      if (name === 'csrf_visitor') this.formCookie = value ? `csrf_visitor=${value}` : '';
    }
    return res;
  }
}
