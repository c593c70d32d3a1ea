import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { UserAccounts } from '@platform/base';
import { RELOAD_CHANNEL, type Notification } from '../server/services/bus-options';
import { BusDispatcher } from '../server/services/bus-dispatcher';
import { BusService, PUBLISH_LOCK } from '../server/services/bus-service';
import { knexDialect } from '@platform/db';
import { nowUtc } from '@platform/orm';
import { PresenceService } from '../server/services/presence-service';
import { BusWebSocket } from '../server/websocket/bus-websocket';
import { busOptions, WsProbe } from './bus-test-support';

describe('bus', () => {
  let tk: TestKernel;
  let bus: BusService;
  let admin: RpcClient;
  let adminPartner: string;
  let otherPartner: string;

  before(async () => {
    tk = await bootTestKernel({ modules: ['bus'], http: true });
    bus = tk.kernel.container.get(BusService);
    busOptions(tk).pollTimeoutMs = 400;
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const row = await tk.kernel.db('res_users').where({ login: 'admin' }).first('partner_id');
    adminPartner = `res.partner:${row.partner_id}`;
    const other = await tk.sudo().model('res.partner').create({ name: 'Somebody else' });
    otherPartner = `res.partner:${other}`;
  });
  after(async () => tk?.stop());

  const poll = (client: RpcClient, params: Record<string, unknown>) => client.call<Notification[]>('/longpolling/poll', params);

  describe('long-polling', () => {
    it('resumes by id: everything newer than last, in order, once', async () => {
      const [a, b, c] = await bus.sendMany([[adminPartner, { n: 1 }], [adminPartner, { n: 2 }], [adminPartner, { n: 3 }]]);
      expect(b.id).to.be.greaterThan(a.id);
      const got = await poll(admin, { channels: [], last: a.id });
      expect(got.map((n) => n.id)).to.deep.equal([b.id, c.id]);
      expect(got.map((n) => n.message)).to.deep.equal([{ n: 2 }, { n: 3 }]);
      expect(got[0].channel).to.equal(adminPartner);
      expect(await poll(admin, { channels: [], last: c.id })).to.deep.equal([]);
    });

    it('publishers take ids and commit one at a time, so a poller reading by id skips none (PostgreSQL)', async function () {
      if (knexDialect(tk.kernel.db) !== 'postgres') return this.skip(); // SQLite has one writer at a time anyway
      // Another process publishing: it has taken its id under the publishing lock and not committed yet.
      const other = await tk.kernel.db.transaction();
      let sent: Notification | undefined;
      let sending: Promise<unknown> = Promise.resolve();
      try {
        await other.raw('SELECT pg_advisory_xact_lock(?)', [PUBLISH_LOCK]);
        const [{ id: earlier }] = await other('bus_bus').insert({ channel: 'order-test', message: '"first"', create_date: nowUtc() }).returning('id');
        sending = bus.send('order-test', 'second').then((n) => (sent = n));
        await new Promise((r) => setTimeout(r, 150));
        // Had this send committed now, a poll would see its id and then never the earlier one.
        expect(sent).to.equal(undefined);
        await other.commit();
        await sending;
        expect(sent!.id).to.be.greaterThan(Number(earlier));
      } finally {
        if (!other.isCompleted()) await other.rollback();
        await sending;
      }
    });

    it('holds the request until a notification arrives, then answers at once', async () => {
      busOptions(tk).pollTimeoutMs = 10_000;
      try {
        const last = await bus.lastId();
        const started = Date.now();
        const pending = poll(admin, { channels: [], last });
        await new Promise((r) => setTimeout(r, 150));
        const sent = await bus.send(adminPartner, 'wake up');
        const got = await pending;
        expect(got.map((n) => n.id)).to.deep.equal([sent.id]);
        expect(Date.now() - started).to.be.lessThan(3000);
      } finally {
        busOptions(tk).pollTimeoutMs = 400;
      }
    });

    it('answers an empty list after the timeout', async () => {
      const started = Date.now();
      expect(await poll(admin, { channels: [], last: await bus.lastId() })).to.deep.equal([]);
      expect(Date.now() - started).to.be.within(350, 3000);
    });

    it('replays only recent notifications to a client without a last id', async () => {
      const recent = await bus.send(adminPartner, 'recent');
      const old = await bus.send(adminPartner, 'old');
      await tk.kernel.db('bus_bus').where({ id: old.id }).update({ create_date: '2000-01-01 00:00:00' });
      const got = await poll(admin, { channels: [], last: 0 });
      expect(got.map((n) => n.id)).to.include(recent.id).and.not.include(old.id);
    });

    it('refuses non-string channels and bad ids with a clear error', async () => {
      for (const params of [{ channels: [42] }, { channels: [{ a: 1 }] }, { last: -1 }, { last: 'x' }, { channels: 'x' }]) {
        const answer = await admin.rpc('/longpolling/poll', params);
        expect(answer.error?.data.name, JSON.stringify(params)).to.equal('ValidationError');
      }
      expect((await admin.rpc('/longpolling/poll', { channels: [1] })).error?.data.message).to.equal('bus.Bus only string channels are allowed.');
    });
  });

  describe('retention', () => {
    it('collects old notifications and tells a client resuming from before them to reload', async () => {
      const first = await bus.send(adminPartner, 'soon old');
      const second = await bus.send(adminPartner, 'also old');
      await tk.kernel.db('bus_bus').where('id', '<=', second.id).update({ create_date: '2000-01-01 00:00:00' });
      const kept = await bus.send(adminPartner, 'fresh');
      expect(await bus.collectGarbage()).to.be.greaterThan(0);
      expect(await tk.kernel.db('bus_bus').where('id', '<=', second.id).count({ n: '*' }).first()).to.deep.equal({ n: 0 });

      const got = await poll(admin, { channels: [], last: first.id });
      expect(got).to.have.length(1);
      expect(got[0].channel).to.equal(RELOAD_CHANNEL);
      expect(got[0].id).to.be.at.least(kept.id);
      expect(got[0].message).to.include({ type: 'bus.too_old' });

      // Resuming from the id the marker gave: nothing missed, nothing twice.
      const later = await bus.send(adminPartner, 'after reload');
      expect((await poll(admin, { channels: [], last: got[0].id })).map((n) => n.id)).to.deep.equal([later.id]);
      // A client that had seen everything collected is not bothered.
      expect((await poll(admin, { channels: [], last: second.id })).map((n) => n.id)).to.deep.equal([kept.id, later.id]);
    });

    it('keeps notifications younger than the retention window', async () => {
      const n = await bus.send(adminPartner, 'young');
      await bus.collectGarbage();
      expect(await tk.kernel.db('bus_bus').where({ id: n.id }).first()).to.not.equal(undefined);
    });
  });

  describe('authorisation', () => {
    it('a visitor hears nothing on a partner channel it names', async () => {
      const visitor = new RpcClient(tk.url);
      const last = await bus.lastId();
      await bus.send(adminPartner, 'private');
      expect(await poll(visitor, { channels: [adminPartner, otherPartner, 'anything'], last })).to.deep.equal([]);
      expect(await poll(visitor, { channels: [adminPartner], last: 0 })).to.deep.equal([]);
    });

    it("a user hears its own partner channel, not another partner's", async () => {
      const last = await bus.lastId();
      await bus.send(otherPartner, 'not for admin');
      const mine = await bus.send(adminPartner, 'for admin');
      expect((await poll(admin, { channels: [otherPartner], last })).map((n) => n.id)).to.deep.equal([mine.id]);
    });

    it('offers no way to publish from the browser', async () => {
      const res = await admin.fetch('/longpolling/send', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channel: adminPartner, message: 'x' }, id: 1 }),
      });
      expect(res.status).to.equal(404);
    });
  });

  describe('presence', () => {
    let presence: PresenceService;
    let partnerId: number;
    before(async () => {
      presence = tk.kernel.container.get(PresenceService);
      partnerId = Number(adminPartner.split(':')[1]);
    });
    const status = async (client: RpcClient, id: number) => (await client.call<Array<{ id: number; im_status: string }>>('/longpolling/im_status', { partner_ids: [id] }))[0].im_status;

    it('is online after a poll with little inactivity', async () => {
      await poll(admin, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 1000, peek: true } });
      expect(await status(admin, partnerId)).to.equal('online');
    });

    it('is away after 30 minutes of inactivity, and activity only moves forward', async () => {
      await tk.kernel.db('bus_presence').delete();
      await poll(admin, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 31 * 60 * 1000, peek: true } });
      expect(await status(admin, partnerId)).to.equal('away');
      await poll(admin, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 0, peek: true } });
      expect(await status(admin, partnerId)).to.equal('online');
      await poll(admin, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 31 * 60 * 1000, peek: true } });
      expect(await status(admin, partnerId)).to.equal('online');
    });

    it('is offline 55 s after the last poll, and for partners without a user', async () => {
      await tk.kernel.db('bus_presence').update({ last_poll: '2000-01-01 00:00:00' });
      expect(await status(admin, partnerId)).to.equal('offline');
      expect(await status(admin, Number(otherPartner.split(':')[1]))).to.equal('offline');
      expect((await presence.imStatus([partnerId])).get(partnerId)).to.equal('offline');
    });

    it('comes with the poll answer for the partners asked about', async () => {
      const got = await poll(admin, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 0, peek: true, bus_presence_partner_ids: [partnerId] } });
      expect(got).to.deep.include({ id: -1, channel: 'bus.presence', message: { id: partnerId, im_status: 'online' } });
    });

    it('portal users see only their own status, in both calls; internal users see everyone', async () => {
      const accounts = tk.kernel.container.get(UserAccounts);
      const client = async (login: string, groups: string[]) => {
        await accounts.create({ name: login, login, password: 'password-123', groups });
        const c = new RpcClient(tk.url);
        await c.authenticate(login, 'password-123');
        return c;
      };
      const portal = await client('presence.portal@example.com', ['base.group_portal']);
      const employee = await client('presence.employee@example.com', ['base.group_user']);
      const portalPartner = (await tk.kernel.db('res_users').where({ login: 'presence.portal@example.com' }).first('partner_id')).partner_id;
      await poll(admin, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 0, peek: true } });
      await poll(portal, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 0, peek: true } });
      expect(await portal.call('/longpolling/im_status', { partner_ids: [partnerId, portalPartner] })).to.deep.equal([{ id: portalPartner, im_status: 'online' }]);
      const got = await poll(portal, { channels: [], last: await bus.lastId(), options: { bus_inactivity: 0, peek: true, bus_presence_partner_ids: [partnerId] } });
      expect(got.filter((n) => n.channel === 'bus.presence')).to.deep.equal([]);
      expect(await employee.call('/longpolling/im_status', { partner_ids: [partnerId, portalPartner] })).to.deep.equal([
        { id: partnerId, im_status: 'online' }, { id: portalPartner, im_status: 'online' },
      ]);
    });

    it('is for logged-in users only', async () => {
      const visitor = new RpcClient(tk.url);
      expect((await visitor.rpc('/longpolling/im_status', { partner_ids: [partnerId] })).error?.code).to.equal(100);
    });
  });

  describe('WebSocket', () => {
    it('sends the backlog after the last id, then pushes live, like the long-poll', async () => {
      const a = await bus.send(adminPartner, 'ws 1');
      const b = await bus.send(adminPartner, 'ws 2');
      const ws = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        ws.subscribe([], a.id);
        expect((await ws.notifications(1)).map((n) => n.id)).to.deep.equal([b.id]);
        const c = await bus.send(adminPartner, { live: true });
        expect(await ws.notifications(1)).to.deep.equal([{ id: c.id, channel: adminPartner, message: { live: true } }]);
        await bus.send(otherPartner, 'not mine');
        await ws.silent();
      } finally {
        ws.close();
      }
    });

    it('never sends again what the client already saw, even when the wake-up comes late', async () => {
      const ws = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        const seen = await bus.send(adminPartner, 'seen before');
        ws.subscribe([], seen.id);
        await ws.silent(100);
        // A wake-up for an old notification (e.g. NOTIFY from another node arriving late) is dropped.
        tk.kernel.container.get(BusDispatcher).deliver([seen]);
        await ws.silent(100);
        const fresh = await bus.send(adminPartner, 'fresh');
        expect((await ws.notifications(1)).map((n) => n.id)).to.deep.equal([fresh.id]);
        // Same for what a new subscription just read from the table (its wake-up may come after).
        ws.subscribe([], seen.id);
        expect((await ws.notifications(1)).map((n) => n.id)).to.deep.equal([fresh.id]);
        tk.kernel.container.get(BusDispatcher).deliver([fresh]);
        await ws.silent(100);
      } finally {
        ws.close();
      }
    });

    it('tells a client resuming from a collected id to reload', async () => {
      const ws = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        ws.subscribe([], 1);
        const [marker] = await ws.notifications(1);
        expect(marker.channel).to.equal(RELOAD_CHANNEL);
      } finally {
        ws.close();
      }
    });

    it('gives a visitor nothing on channels it names', async () => {
      const ws = await WsProbe.open(tk.url);
      try {
        ws.subscribe([adminPartner, otherPartner], await bus.lastId());
        await bus.send(adminPartner, 'secret');
        await ws.silent();
      } finally {
        ws.close();
      }
    });

    it('refuses a page of another site (Origin) using the cookie', async () => {
      let error: Error | undefined;
      try {
        (await WsProbe.open(tk.url, { cookie: admin.cookie, origin: 'https://evil.example' })).close();
      } catch (err) {
        error = err as Error;
      }
      expect(error?.message).to.contain('403');
      const same = await WsProbe.open(tk.url, { cookie: admin.cookie, origin: tk.url });
      same.close();
    });

    it('answers bad frames with an error and keeps the connection', async () => {
      const ws = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        ws.socket.send('{not json');
        expect(await ws.next()).to.deep.equal({ error: { name: 'ValidationError', message: 'Malformed JSON' } });
        ws.socket.send(JSON.stringify({ event_name: 'subscribe', data: { channels: [7] } }));
        expect(await ws.next()).to.deep.equal({ error: { name: 'ValidationError', message: 'bus.Bus only string channels are allowed.' } });
        ws.socket.send(JSON.stringify({ event_name: 'publish', data: { channel: adminPartner, message: 'x' } }));
        expect(await ws.next()).to.deep.equal({ error: { name: 'ValidationError', message: 'Unknown event' } });
        ws.subscribe([], await bus.lastId());
        const n = await bus.send(adminPartner, 'still works');
        expect((await ws.notifications(1))[0].id).to.equal(n.id);
      } finally {
        ws.close();
      }
    });

    it('closes the socket of a user who logged out, at the next heartbeat', async () => {
      const other = new RpcClient(tk.url);
      await other.authenticate('admin', ADMIN_PASSWORD);
      const leaving = await WsProbe.open(tk.url, { cookie: other.cookie });
      const staying = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        const closed = new Promise<number>((resolve) => leaving.socket.once('close', (code) => resolve(code)));
        await other.call('/web/session/destroy', {});
        await tk.kernel.container.get(BusWebSocket).heartbeat();
        expect(await closed).to.equal(4001);
        expect(staying.socket.readyState).to.equal(staying.socket.OPEN);
      } finally {
        leaving.close();
        staying.close();
      }
    });

    it('updates presence from the socket', async () => {
      await tk.kernel.db('bus_presence').delete();
      const ws = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        ws.subscribe([], await bus.lastId(), { bus_inactivity: 0 });
        await ws.silent(200);
        const pid = Number(adminPartner.split(':')[1]);
        expect((await tk.kernel.container.get(PresenceService).imStatus([pid])).get(pid)).to.equal('online');
      } finally {
        ws.close();
      }
    });
  });
});

describe('bus: stopping the server', () => {
  it('does not wait for open long-polls to time out', async function () {
    this.timeout(30_000);
    const tk = await bootTestKernel({ modules: ['bus'], http: true });
    busOptions(tk).pollTimeoutMs = 60_000;
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const polling = admin.rpc('/longpolling/poll', { channels: [], last: 0 }).catch(() => 'cut');
    await new Promise((r) => setTimeout(r, 200));
    const start = Date.now();
    await tk.stop();
    expect(Date.now() - start).to.be.below(10_000);
    expect(await polling).to.equal('cut'); // the client sees a lost connection and polls again elsewhere
  });
});
