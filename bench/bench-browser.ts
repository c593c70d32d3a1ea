import http from 'node:http';
import zlib from 'node:zlib';

/** What a request answered: its status, headers and decoded body. */
export interface BenchAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One visitor of a load test, as cheap for the load generator as it can be: node:http on a kept-alive
 * connection, the session cookies a browser keeps, gzip accepted as browsers do. The global `fetch`
 * (undici's WHATWG layer) costs about 1 ms of CPU a request on this machine's cores: with 100 buyers
 * that is a core the server being measured could have used.
 */
export class BenchBrowser {
  private readonly cookies = new Map<string, string>();
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, private readonly agent: http.Agent, private readonly extraHeaders: Record<string, string> = {}) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  request(method: string, path: string, body?: { type: string; text: string }): Promise<BenchAnswer> {
    const headers: Record<string, string> = { ...this.extraHeaders, 'Accept-Encoding': 'gzip', Accept: 'text/html,application/json' };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body) {
      headers['Content-Type'] = body.type;
      headers['Content-Length'] = String(Buffer.byteLength(body.text));
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        this.keepCookies(res.headers['set-cookie']);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const text = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
          } catch (err) {
            reject(err);
          }
        });
      });
      req.on('error', reject);
      req.end(body?.text);
    });
  }

  private keepCookies(setCookies: string[] | undefined): void {
    for (const c of setCookies ?? []) {
      const pair = c.split(';', 1)[0];
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // An emptied or expired cookie is dropped, as a browser drops it.
      if (!value || /;\s*max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
