import net from 'node:net';
import http from 'node:http';
import { expect } from 'chai';
import { loadConfig } from '@platform/core/config';
import { Kernel } from '@platform/kernel/kernel';
import { freePort, SiteProcess } from '@platform/kernel/test/site-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/test-database';
import { RpcClient } from '../support/rpc-client';

/** The Host values that stopped the process (issue 19): a port that is not one, out of range, trailing junk. */
const MALFORMED = ['localhost:abc', 'localhost:99999', '127.0.0.1:8324 evil', 'localhost:0', '[::1', 'a b', 'evil.example/x'];

/** Every route that builds a link from the site's address (reset, follow, forum validation, short links, robots, sitemap). */
const HOST_DEPENDENT: Array<{ method: 'GET' | 'POST'; path: string; json?: unknown; form?: Record<string, string> }> = [
  { method: 'POST', path: '/web/reset_password', form: { login: 'admin' } },
  { method: 'POST', path: '/website_mail/follow', json: { id: 1, object: 'website.page', message_is_follower: 'off', email: 'x@example.com' } },
  { method: 'POST', path: '/forum/send_validation_email', json: { forum_id: 1 } },
  { method: 'POST', path: '/website_links/new', json: { url: 'https://example.com/' } },
  { method: 'GET', path: '/robots.txt' },
  { method: 'GET', path: '/sitemap.xml' },
  { method: 'GET', path: '/r/abc' },
];

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) }, setHost: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function preparedDatabase(): Promise<ThrowawayDatabase> {
  const database = await createThrowawayDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: 'admin-pass-123', demo: false };
  await (await Kernel.boot({ config, autoInstall: false, install: ['website', 'website_mail', 'forum', 'link_tracker', 'mail', 'bus'] })).stop();
  return database;
}

describe('A malformed Host header never stops the server', function () {
  this.timeout(120_000);
  let database: ThrowawayDatabase;

  before(async () => (database = await preparedDatabase()));
  after(async () => database?.drop());

  for (const trustProxy of ['0', '1']) {
    describe(trustProxy === '1' ? 'behind a trusted proxy (X-Forwarded-Host)' : 'reached directly (Host)', () => {
      let site: SiteProcess;
      let port: number;

      before(async () => {
        port = await freePort();
        site = SiteProcess.spawn({ PORT: String(port), DATABASE_URL: database.url, TRUST_PROXY: trustProxy });
        await site.waitForLog((l) => l.msg.startsWith('serving on'), 60_000);
      });
      after(() => site?.kill('SIGKILL'));

      it('answers 400 to every Host-dependent route with each malformed value, and keeps serving', async () => {
        // The reset form first, as a visitor would: its CSRF token, then the post with the bad Host.
        const visitor = new RpcClient(`http://127.0.0.1:${port}`);
        const token = await visitor.csrfFrom('/web/reset_password');
        for (const bad of MALFORMED) {
          for (const route of HOST_DEPENDENT) {
            const headers: Record<string, string> = trustProxy === '1'
              ? { Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': bad, 'X-Forwarded-For': '192.0.2.1' }
              : { Host: bad };
            if (visitor.formCookie) headers.Cookie = visitor.formCookie;
            let body: string | undefined;
            if (route.form) {
              headers['Content-Type'] = 'application/x-www-form-urlencoded';
              body = new URLSearchParams({ ...route.form, csrf_token: token }).toString();
            } else if (route.json) {
              headers['Content-Type'] = 'application/json';
              body = JSON.stringify({ jsonrpc: '2.0', method: 'call', params: route.json, id: 1 });
            }
            const answer = await send(port, route.method, route.path, headers, body);
            expect(answer.status, `${route.method} ${route.path} with ${JSON.stringify(bad)}`).to.equal(400);
            expect(answer.body).to.not.match(/TypeError|at \//);
          }
        }
        // Deferred work (mails built after the answer) has had its turn: the process is still here.
        const started = Date.now();
        const health = await send(port, 'GET', '/health', { Host: `127.0.0.1:${port}` });
        expect(health.status).to.equal(200);
        expect(Date.now() - started).to.be.below(1000);
        expect(site.proc.exitCode).to.equal(null);
        expect(site.logs.some((l) => /Invalid URL/.test(JSON.stringify(l)))).to.equal(false);
      });

      it('survives a WebSocket upgrade whose request target does not parse', async () => {
        await new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.write('GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n'
              + 'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
          });
          socket.on('close', () => resolve());
          socket.on('error', () => resolve());
          socket.resume();
        });
        expect((await send(port, 'GET', '/health', { Host: `127.0.0.1:${port}` })).status).to.equal(200);
        expect(site.proc.exitCode).to.equal(null);
      });

      it('still serves well-formed hosts, with a port or without', async () => {
        for (const good of [`127.0.0.1:${port}`, 'localhost', `localhost:${port}`, `[::1]:${port}`, 'www.example.com.']) {
          const headers: Record<string, string> = trustProxy === '1' ? { Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': good } : { Host: good };
          expect((await send(port, 'GET', '/robots.txt', headers)).status, good).to.equal(200);
        }
      });

      it('mails a reset link for a loopback Host, on that address; a stranger\'s Host gets no mail and no crash', async () => {
        const visitor = new RpcClient(`http://127.0.0.1:${port}`);
        const token = await visitor.csrfFrom('/web/reset_password');
        const body = new URLSearchParams({ login: 'admin', csrf_token: token }).toString();
        const headers = { Cookie: visitor.formCookie, 'Content-Type': 'application/x-www-form-urlencoded', Host: 'evil.example:8080' };
        const answer = await send(port, 'POST', '/web/reset_password', trustProxy === '1' ? { ...headers, Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': 'evil.example:8080' } : headers, body);
        expect(answer.status).to.equal(200);
        expect((await send(port, 'GET', '/health', { Host: `127.0.0.1:${port}` })).status).to.equal(200);
        expect(site.proc.exitCode).to.equal(null);
      });
    });
  }
});
