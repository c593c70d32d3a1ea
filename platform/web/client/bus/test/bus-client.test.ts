import { expect } from 'chai';
import { BusClient, type BusConnectionLike } from '../bus-client';
import type { BusNotification, ConnectionState } from '../bus-connection';
import { errorRetryDelay, SPEC_TIMINGS, type BusTimings } from '../timings';

/** localStorage shared by the "tabs" of a test. */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(i: number): string | null {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

/** A fake server connection: records what the master subscribes to and lets the test push notifications. */
class FakeConnection implements BusConnectionLike {
  running = false;
  refreshes = 0;
  constructor(readonly state: () => ConnectionState, readonly deliver: (n: BusNotification[]) => void) {}
  start(): void {
    this.running = true;
  }
  stop(): void {
    this.running = false;
  }
  refresh(): void {
    this.refreshes++;
  }
}

// The spec's timings divided by 50, so a tour of takeovers lasts a fraction of a second.
const FAST: BusTimings = {
  ...SPEC_TIMINGS, tabHeartbeat: 200, masterHeartbeat: 30, masterDead: 100, peerDropped: 300, lastIdStale: 1000,
};
/** A frozen or crashed tab: its timers stop and it says nothing more. */
const freeze = (tab: BusClient) => clearInterval((tab as unknown as { timer: ReturnType<typeof setInterval> }).timer);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(10);
  }
}

describe('browser bus client (tabs sharing one connection)', () => {
  let storage: MemoryStorage;
  let connections: FakeConnection[];
  let tabs: BusClient[];
  let name: string;

  beforeEach(() => {
    storage = new MemoryStorage();
    connections = [];
    tabs = [];
    name = `bus-test-${Math.random().toString(36).slice(2)}`;
  });
  afterEach(() => tabs.forEach((t) => t.stop()));

  const openTab = (timings = FAST) => {
    const tab = new BusClient({
      storage, name, timings,
      connection: (state, deliver) => {
        const c = new FakeConnection(state, deliver);
        connections.push(c);
        return c;
      },
    });
    tabs.push(tab);
    tab.start();
    return tab;
  };
  const running = () => connections.filter((c) => c.running);

  it('keeps the spec timings', () => {
    expect(SPEC_TIMINGS).to.deep.equal({
      longPollTimeout: 60_000, errorDelay: 10_000, errorJitterMin: 1_000, errorJitterMax: 20_000, tabHeartbeat: 10_000,
      masterHeartbeat: 1_500, masterDead: 5_000, peerDropped: 15_000, lastIdStale: 50_000, presenceCheck: 30_000,
    });
    expect(errorRetryDelay(SPEC_TIMINGS, () => 0)).to.equal(11_000);
    expect(errorRetryDelay(SPEC_TIMINGS, () => 0.999999)).to.equal(30_000);
  });

  it('opens one connection for all tabs, listening to the channels of every tab', async () => {
    const a = openTab();
    a.addChannel('uuid-a');
    await until('a master', () => running().length === 1);
    const b = openTab();
    b.addChannel('uuid-b');
    const c = openTab();
    await sleep(150);
    expect(running()).to.have.length(1);
    expect([a, b, c].filter((t) => t.isMaster)).to.have.length(1);
    await until('union of channels', () => running()[0].state().channels.join() === 'uuid-a,uuid-b');
  });

  it('shares what arrives with every tab', async () => {
    const a = openTab();
    await until('a master', () => running().length === 1);
    const b = openTab();
    const seen: Record<string, number[]> = { a: [], b: [] };
    a.onNotification((ns) => seen.a.push(...ns.map((n) => n.id)));
    b.onNotification((ns) => seen.b.push(...ns.map((n) => n.id)));
    await sleep(50);
    running()[0].deliver([{ id: 7, channel: 'x', message: 'hello' }, { id: 8, channel: 'x', message: 'again' }]);
    await until('both tabs got them', () => seen.a.length === 2 && seen.b.length === 2);
    expect(seen).to.deep.equal({ a: [7, 8], b: [7, 8] });
  });

  it('hands over when the master tab closes, resuming from the last id', async () => {
    const a = openTab();
    await until('a master', () => running().length === 1);
    const b = openTab();
    b.addChannel('uuid-b');
    await sleep(50);
    running()[0].deliver([{ id: 41, channel: 'x', message: 1 }]);
    await sleep(50);
    a.stop();
    await until('b took over', () => b.isMaster && running().length === 1, 1000);
    expect(running()[0].state().last).to.equal(41);
    expect(running()[0].state().channels).to.deep.equal(['uuid-b']);
  });

  it('takes over from a master that stopped beating (crashed tab) after masterDead', async () => {
    const a = openTab();
    await until('a master', () => a.isMaster);
    const b = openTab();
    await sleep(60);
    // Simulate a frozen tab: its timers stop, its connection dies, nothing is said.
    freeze(a);
    running()[0].stop();
    const stoppedAt = Date.now();
    await until('b took over', () => b.isMaster, 1000);
    expect(Date.now() - stoppedAt).to.be.at.least(FAST.masterDead - FAST.masterHeartbeat);
  });

  it("forgets a silent tab's channels after peerDropped", async () => {
    const a = openTab();
    await until('a master', () => a.isMaster);
    const b = openTab();
    b.addChannel('uuid-b');
    await until('b subscribed', () => running()[0].state().channels.includes('uuid-b'));
    freeze(b); // b goes silent without saying goodbye
    await until('b dropped', () => !running()[0].state().channels.includes('uuid-b'), 1500);
  });

  it('ignores a stored last id older than lastIdStale', async () => {
    storage.setItem(`${name}.last`, JSON.stringify({ id: 99, at: Date.now() - 2 * FAST.lastIdStale }));
    openTab();
    await until('a master', () => running().length === 1);
    expect(running()[0].state().last).to.equal(0);
    tabs[0].stop();
    storage.setItem(`${name}.last`, JSON.stringify({ id: 99, at: Date.now() }));
    openTab();
    await until('another master', () => running().length === 1);
    expect(running()[0].state().last).to.equal(99);
  });

  it('works alone without storage (one connection per tab)', async () => {
    const t = new BusClient({ storage: null, timings: FAST, connection: (s, d) => {
      const c = new FakeConnection(s, d);
      connections.push(c);
      return c;
    } });
    tabs.push(t);
    t.start();
    expect(t.isMaster).to.equal(true);
    expect(running()).to.have.length(1);
  });
});
