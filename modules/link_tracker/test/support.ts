import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserAccounts } from '@platform/base';
import type { TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { LinkPreviewer } from '../server/services/link-preview';

export const LINK_GROUP = 'link_tracker.group_link_tracker_user';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** A logged-in client for a new user with the given groups. */
export async function userClient(tk: TestKernel, login: string, groups: string[]): Promise<RpcClient> {
  await tk.kernel.container.get(UserAccounts).create({ name: login, login, password: 'password-123', groups });
  const client = new RpcClient(tk.url);
  await client.authenticate(login, 'password-123');
  return client;
}

/** A local site for link previews: a titled page, a 404, a redirect to the page. */
export async function startTargetSite(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/missing')) {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<title>Not here</title>');
    } else if (req.url?.startsWith('/moved')) {
      res.writeHead(302, { Location: '/page' }).end();
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<html><head><title>The &amp; Page</title></head></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Explicit opt-in: let link previews reach the test's own loopback server (and nothing else private). */
export function allowLoopbackPreviews(tk: TestKernel): void {
  tk.kernel.container.get(LinkPreviewer).fetchOptions = { allowAddress: (a) => a === '127.0.0.1' };
}
export { ClickRecorder } from '../server/services/click-recorder';
