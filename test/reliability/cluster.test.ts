import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import type { Notification } from '@modules/bus';
import { utcText } from '@platform/common';
import { WsProbe } from '@modules/bus/test/support';
import { Cluster } from '../../deploy/cluster/cluster';
import { freePort } from '../support/free-port';
import { RpcClient } from '../support/rpc-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/test-database';

const ADMIN_PASSWORD = 'admin-pass-123';

/** A UTC date-time text `days` from today at `hour`. */
const inDays = (days: number, hour = 9): string => {
  const d = new Date();
  return utcText(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour));
};
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');
const hasNginx = fs.existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx');

async function until<T>(what: string, ms: number, check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The nodes (by port) that answered the access log's lines matching `request`. */
function answeringPorts(cluster: Cluster, request: RegExp): Set<number> {
  const lines = fs.readFileSync(path.join(cluster.dir, 'access.log'), 'utf8').split('\n').filter((l) => request.test(l));
  return new Set(lines.flatMap((l) => [...l.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))));
}

/**
 * Three nodes of the site behind nginx (`deploy/nginx.conf`, through `npm run cluster`'s code) on one
 * PostgreSQL database: what one node does, the others see; a node killed mid-run costs visitors at most
 * a retry. Runs on PostgreSQL (the deployment several nodes are for) with Debian's nginx.
 */
describe('reliability: three nodes behind nginx on one PostgreSQL database', function () {
  this.timeout(300_000);
  let database: ThrowawayDatabase;
  let cluster: Cluster;
  let events: string[] = [];

  before(async function () {
    if (!onPostgres) return this.skip(); // several nodes are deployed on PostgreSQL (TEST_DATABASE_URL)
    if (!hasNginx) throw new Error('the cluster tests need nginx (apt-get install nginx-light); .ci/run installs it');
    database = await createThrowawayDatabase();
    const nodePorts = [await freePort(), await freePort(), await freePort()];
    cluster = await Cluster.start({
      nodePorts, listenPort: await freePort(), healthIntervalMs: 250, log: (l) => events.push(l),
      env: { ...process.env, DATABASE_URL: database.url, ADMIN_PASSWORD, LOG_LEVEL: 'info', DEMO: '1', SMTP_URL: '' },
    });
  });
  after(async () => {
    await cluster?.stop();
    await database?.drop();
  });
  beforeEach(() => {
    events = [];
  });

  it('a session opened through one node is known to every node', async () => {
    const admin = new RpcClient(cluster.url);
    const { uid } = (await admin.authenticate('admin', ADMIN_PASSWORD)) as { uid: number };
    for (let i = 0; i < 9; i++) {
      const info = await admin.call<{ uid: number }>('/web/session/get_session_info');
      expect(info.uid, `call ${i}`).to.equal(uid);
    }
    expect(answeringPorts(cluster, /get_session_info/).size, 'nodes that answered').to.equal(3);
  });

  it('a session ended through one node is ended on every node within a second (each keeps a copy of the sessions it read, dropped by the NOTIFY)', async () => {
    const [a, b, c] = cluster.nodes.map((n) => `http://127.0.0.1:${n.port}`);
    const admin = new RpcClient(a);
    const { uid } = (await admin.authenticate('admin', ADMIN_PASSWORD)) as { uid: number };
    const on = (base: string) => Object.assign(new RpcClient(base), { cookie: admin.cookie });
    // Every node reads the session, and keeps it.
    for (const base of [a, b, c]) for (let i = 0; i < 2; i++) expect((await on(base).call<{ uid: number }>('/web/session/get_session_info')).uid, base).to.equal(uid);
    expect(await on(a).call('/web/session/destroy')).to.equal(true);
    const ended = Date.now();
    // The other nodes drop their copies when the sign-out's NOTIFY reaches them: a request racing that
    // notification may still be served, so each node is asked until it refuses (bounded, measured).
    for (const base of [b, c]) {
      let message = '';
      while (Date.now() - ended < 1000) {
        const answer = await on(base).rpc('/web/session/get_session_info', {});
        message = String(answer.error?.message ?? answer.error?.data?.message ?? '');
        if (/Session expired/i.test(message)) break;
      }
      expect(message, base).to.match(/Session expired/i);
    }
    console.log(`      ended session refused by the other nodes within ${Date.now() - ended} ms of the sign-out`);
  });

  it('a page changed through one node is never served stale by the others (measured delay)', async () => {
    const [a, b, c] = cluster.nodes.map((n) => `http://127.0.0.1:${n.port}`);
    // Anonymous visitors warm every node's page cache first.
    for (const base of [b, c]) for (let i = 0; i < 2; i++) expect((await fetch(`${base}/about-us`)).status).to.equal(200);
    const admin = new RpcClient(a);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const [page] = await admin.callKw<Array<{ id: number }>>('website.page', 'search_read', [[['url', '=', '/about-us']], ['id']]);
    const marker = `Changed on node A at ${Date.now()}`;
    await admin.callKw('website.page', 'write', [[page.id], { content: `<section><p>${marker}</p></section>` }]);
    const written = Date.now();
    const delays = await Promise.all([b, c].map((base) => until(`${base} to serve the change`, 5000, async () => {
      const html = await (await fetch(`${base}/about-us`)).text();
      return html.includes(marker) && Date.now() - written + 1;
    })));
    console.log(`      change seen by the other nodes after ${delays.map((d) => d - 1).join(' ms, ')} ms`);
    for (const d of delays) expect(d - 1).to.be.below(1000);
    expect(await (await fetch(`${cluster.url}/about-us`)).text()).to.include(marker);
  });

  it('a chat through nginx: WebSockets upgraded by nginx, visitor and operator on any nodes, messages both ways', async () => {
    const bodyOf = (n: Notification) => (n.message as { message: { body: string } }).message.body;
    const operator = new RpcClient(cluster.url);
    await operator.authenticate('admin', ADMIN_PASSWORD);
    const operatorWs = await WsProbe.open(cluster.url, { cookie: operator.cookie });
    operatorWs.subscribe([], 0, { bus_inactivity: 0 });
    await operatorWs.silent(300);
    const visitor = new RpcClient(cluster.url);
    // The operator's presence is written by its node asynchronously: ask until an operator is online.
    const info = await until('an operator online', 10_000, () => visitor.call<{ uuid: string; id: number } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Through nginx' }));
    const [announce] = await operatorWs.notifications(1);
    operatorWs.subscribe([], announce.id);
    const visitorWs = await WsProbe.open(cluster.url, { cookie: visitor.cookie });
    visitorWs.subscribe([info.uuid], announce.id);
    await visitorWs.silent(300);
    for (let i = 0; i < 3; i++) {
      await visitor.call('/mail/chat_post', { uuid: info.uuid, message_content: `visitor ${i}` });
      expect(bodyOf((await operatorWs.notifications(1))[0])).to.equal(`visitor ${i}`);
      expect(bodyOf((await visitorWs.notifications(1))[0])).to.equal(`visitor ${i}`);
      await operator.call('/mail/chat_post', { uuid: info.uuid, message_content: `operator ${i}` });
      expect(bodyOf((await visitorWs.notifications(1))[0])).to.equal(`operator ${i}`);
      expect(bodyOf((await operatorWs.notifications(1))[0])).to.equal(`operator ${i}`);
    }
    visitorWs.socket.close();
    operatorWs.socket.close();
    // nginx logs a WebSocket when it closes: both went through it, to whichever nodes it chose.
    const upgraded = await until('nginx to log both WebSockets', 5000, () => {
      const lines = fs.readFileSync(path.join(cluster.dir, 'access.log'), 'utf8').split('\n').filter((l) => /GET \/websocket/.test(l));
      return lines.length >= 2 && lines;
    });
    console.log(`      WebSockets served by ${upgraded.map((l) => /127\.0\.0\.1:(\d+)/.exec(l)?.[1]).map((p) => `node ${cluster.nodes.findIndex((n) => n.port === Number(p)) + 1}`).join(' and ')}`);
  });

  it('a node killed mid-run: visitors keep browsing, nginx takes it out and puts it back', async () => {
    const statuses: number[] = [];
    let browsing = true;
    const browse = (async () => {
      while (browsing) {
        // nginx's reload (a node out or back) closes idle keep-alive connections: a GET sent on one as it
        // closes never reached a node, and a browser sends it again on a new connection; so does this.
        let status = 0;
        for (let attempt = 0; attempt < 2 && status === 0; attempt++) {
          try {
            const res = await fetch(`${cluster.url}/about-us`);
            await res.arrayBuffer();
            status = res.status;
          } catch { /* the connection closed under the request: once more */ }
        }
        statuses.push(status);
      }
    })();
    await until('some pages served', 60_000, () => statuses.length >= 10);
    await cluster.stopNode(1, 'SIGKILL');
    await until('nginx to stop sending to the killed node', 5000, () => !cluster.upNodes.includes(1));
    const atKill = statuses.length;
    await until('pages served without the node', 60_000, () => statuses.length >= atKill + 20);
    await cluster.restartNode(1);
    const atRestart = statuses.length;
    // A node just started builds the site's browser files on its first page: its first answers are slow.
    await until('pages served with the node back', 60_000, () => statuses.length >= atRestart + 20);
    browsing = false;
    await browse;
    // GETs are retried by nginx on another node: no visitor saw the node die.
    expect(statuses.filter((s) => s !== 200), `${statuses.length} pages`).to.deep.equal([]);
    expect(events.join('\n')).to.match(/node 2 down/).and.to.match(/node 2 up/);
  });

  it('checkouts and registrations in flight while a node is killed: no order paid twice, no seat oversold, no confirmation lost', async () => {
    const admin = new RpcClient(cluster.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const [product] = await admin.callKw<Array<{ id: number }>>('product.product', 'search_read', [[['product_tmpl_id.name', '=', 'Coffee mug']], ['id']], { limit: 1 });
    const [acquirer] = await admin.callKw<Array<{ id: number }>>('payment.acquirer', 'search_read', [[['provider', '=', 'test']], ['id']]);
    const [france] = await admin.callKw<Array<{ id: number }>>('res.country', 'search_read', [[['code', '=', 'FR']], ['id']]);
    const eventId = await admin.callKw<number>('event.event', 'create', [{
      name: 'Killed node meetup', date_begin: inDays(10), date_end: inDays(10, 17), date_tz: 'Europe/Brussels', state: 'confirm',
      website_published: true, seats_availability: 'limited', seats_max: 10,
    }]);

    // A visitor whose click met the dying node clicks again (nginx never resends a POST itself).
    const again = async (what: () => Promise<Response>): Promise<Response> => {
      for (let attempt = 1; ; attempt++) {
        const res = await what().catch(() => undefined);
        if (res && res.status < 502) return res;
        if (attempt === 4) throw new Error(`still failing after ${attempt} tries: ${res?.status ?? 'no answer'}`);
      }
    };
    const buyers = Array.from({ length: 6 }, (_, i) => `killed.node.buyer${i}@example.com`);
    const checkout = async (email: string) => {
      const client = new RpcClient(cluster.url);
      await again(() => client.fetch('/shop/cart/update_json', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { product_id: product.id, add_qty: 2 } }) }));
      const address = { name: 'Jeanne Martin', email, phone: '+33 1 23 45 67 89', street: '1 rue de Rivoli', city: 'Paris', zip: '75001', country_id: String(france.id), state_id: '' };
      const saved = await again(async () => client.postForm('/shop/address', { csrf_token: await client.csrfFrom('/shop/address'), ...address }));
      expect(saved.status, `${email} address`).to.equal(303);
      const payPage = await (await again(() => client.get('/shop/payment'))).text();
      const orderId = Number(/S(\d{5})/.exec(payPage)?.[1]);
      const paid = await again(async () => client.postForm('/shop/payment/pay', {
        csrf_token: await client.csrfFrom('/shop/payment'), acquirer_id: String(acquirer.id), accept_terms: 'on',
        cc_number: '4242 4242 4242 4242', cc_holder_name: 'Jeanne Martin', cc_expiry: '12 / 34', cc_cvc: '123',
      }));
      return { email, orderId, status: paid.status, location: paid.headers.get('location') };
    };
    const register = async (i: number) => {
      const client = new RpcClient(cluster.url);
      const modal = await client.rpc<string>(`/event/${eventId}/registration/new`, { quantities: { 'nb_register-0': 1 } }).catch(() => undefined);
      if (!modal?.result) return { i, status: 0 };
      const token = /name="csrf_token" value="([^"]+)"/.exec(modal.result)?.[1] ?? '';
      const res = await client.postForm(`/event/${eventId}/registration/confirm`, { csrf_token: token, '1-name': `Attendee ${i}`, '1-email': `killed.node.attendee${i}@example.com`, '1-phone': '', '1-ticket_id': '0' }).catch(() => undefined);
      return { i, status: res?.status ?? 0 };
    };

    const answered = { count: 0 };
    const count = <T>(p: Promise<T>) => p.finally(() => { answered.count++; });
    const all = Promise.all([Promise.all(buyers.map((b) => count(checkout(b)))), Promise.all(Array.from({ length: 30 }, (_, i) => count(register(i))))]);
    // Node 3 dies with requests of both kinds in flight.
    await until('the first answers', 60_000, () => answered.count >= 4);
    await cluster.stopNode(2, 'SIGKILL');
    const [checkouts, registrations] = await all;
    await cluster.restartNode(2);
    // nginx, reloaded as the node came back, closes its idle keep-alive connections: a read sent on one
    // as it closes never reached a node ("fetch failed") and is sent again, as a browser does.
    const read = async <T>(model: string, method: string, args: unknown[]): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await admin.callKw<T>(model, method, args);
        } catch (err) {
          if (attempt === 3 || !(err instanceof TypeError)) throw err;
        }
      }
    };

    // Every buyer paid once, whichever node took each step: one confirmed order, one successful payment.
    for (const c of checkouts) {
      const [order] = await read<Array<{ state: string }>>('sale.order', 'read', [[c.orderId], ['state']]);
      expect(order.state, `${c.email}: pay answered ${c.status} ${c.location}`).to.equal('sale');
      const reference = `S${String(c.orderId).padStart(5, '0')}`;
      const done = await read<unknown[]>('payment.transaction', 'search_read', [[['reference', '=like', `${reference}%`], ['state', '=', 'done']], ['id']]);
      expect(done, `${reference} payments`).to.have.length(1);
    }
    // Seats: never more than 10, and every visitor told "registered" is registered.
    const open = await read<Array<{ email: string }>>('event.registration', 'search_read', [[['event_id', '=', eventId], ['state', '=', 'open']], ['email']]);
    expect(open.length).to.be.at.most(10);
    const confirmed = registrations.filter((r) => r.status === 200);
    for (const r of confirmed) expect(open.map((o) => o.email)).to.include(`killed.node.attendee${r.i}@example.com`);
    // A refusal means the seats were gone then, and seats come back only by a cancellation: all 10 are taken.
    const refused = registrations.filter((r) => r.status === 400).length;
    if (refused > 0) expect(open.length, `${refused} refused`).to.equal(10);
    const lost = registrations.filter((r) => r.status === 0 || r.status >= 502).length;
    console.log(`      node 3 killed mid-run: ${checkouts.length} checkouts confirmed once each; ${confirmed.length} of 30 registrations confirmed for 10 seats, ${open.length} seats taken, ${lost} answered by the dying node`);
  });

  it('a per-address limit holds across nodes: 25 subscriptions spread over 3 nodes are limited as one', async () => {
    const admin = new RpcClient(cluster.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const [list] = await admin.callKw<Array<{ id: number }>>('mail.mass_mailing.list', 'search_read', [[], ['id']], { limit: 1 });
    const answers: string[] = [];
    for (let i = 0; i < 25; i++) {
      const visitor = new RpcClient(cluster.url);
      const answer = await visitor.rpc('/website_mass_mailing/subscribe', { list_id: list.id, email: `spread${i}@example.com` });
      answers.push(answer.error ? answer.error.data.name : 'ok');
    }
    expect(answeringPorts(cluster, /website_mass_mailing\/subscribe/).size, 'nodes that answered').to.equal(3);
    expect(answers.filter((a) => a === 'ok'), answers.join(', ')).to.have.length(20);
    const contacts = await admin.callKw<unknown[]>('mail.mass_mailing.contact', 'search_read', [[['email', '=like', 'spread%@example.com']], ['email']]);
    expect(contacts).to.have.length(20);
  });
});
