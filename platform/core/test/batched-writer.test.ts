import { expect } from 'chai';
import { BatchedWriter } from '../batched-writer';

/** Resolves once `check` holds; fails after `ms` (the machine may be loaded: generous). */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}

function writer(opts: { delayMs?: number; flushAt?: number; maxPending?: number; fail?: () => boolean } = {}) {
  const written: number[][] = [];
  const errors: string[] = [];
  const dropped: number[][] = [];
  const w = new BatchedWriter<number>({
    name: 'test queue',
    delayMs: opts.delayMs ?? 20,
    flushAt: opts.flushAt,
    retryDelayMs: 5,
    maxPending: opts.maxPending,
    logger: { error: (_obj, msg) => errors.push(msg) },
    dropped: (batch) => dropped.push(batch),
    write: async (batch) => {
      await Promise.resolve();
      if (opts.fail?.()) throw new Error('database down');
      written.push(batch);
    },
  });
  return { w, written, errors, dropped };
}

describe('core: BatchedWriter', () => {
  it('writes queued items in one batch by its timer, without a flush call', async () => {
    const { w, written } = writer();
    for (let i = 1; i <= 5; i++) w.add(i);
    expect(written).to.deep.equal([]);
    expect(w.pendingCount).to.equal(5);
    await until(() => written.length > 0);
    expect(written).to.deep.equal([[1, 2, 3, 4, 5]]);
    expect(w.pendingCount).to.equal(0);
  });

  it('writes at once when flushAt items wait, and never runs two writes together', async () => {
    let running = 0;
    let most = 0;
    const batches: number[][] = [];
    const w = new BatchedWriter<number>({
      name: 'test', delayMs: 60_000, flushAt: 3, logger: { error: () => undefined },
      write: async (batch) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        batches.push(batch);
        running--;
      },
    });
    for (let i = 1; i <= 9; i++) w.add(i);
    await until(() => batches.flat().length === 9);
    expect(most).to.equal(1);
    expect(batches.flat()).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await w.stop();
  });

  it('keeps a failed batch ahead of newer items, logs the failure and retries by itself', async () => {
    let failures = 2;
    const { w, written, errors } = writer({ fail: () => failures-- > 0 });
    w.add(1);
    w.add(2);
    await until(() => errors.length === 1);
    w.add(3);
    await until(() => written.length > 0);
    expect(written.flat()).to.deep.equal([1, 2, 3]);
    expect(errors).to.have.length(2);
    expect(errors[0]).to.match(/test queue: writing a batch failed; it is kept/);
  });

  it('hands a failed batch to `dropped` when too many items wait', async () => {
    const { w, dropped, written } = writer({ maxPending: 0, fail: () => true, delayMs: 60_000 });
    w.add(1);
    w.add(2);
    await w.flush();
    expect(dropped).to.deep.equal([[1, 2]]);
    expect(written).to.deep.equal([]);
    expect(w.pendingCount).to.equal(0);
    await w.stop();
  });

  it('stop writes what is queued and sets no timer afterwards', async () => {
    const { w, written } = writer({ delayMs: 60_000 });
    w.add(7);
    await w.stop();
    expect(written).to.deep.equal([[7]]);
    w.add(8); // after the stop: kept, no timer (only another flush writes it)
    expect(w.pendingCount).to.equal(1);
    await w.flush();
    expect(written).to.deep.equal([[7], [8]]);
  });

  it('calls write synchronously once the batch is taken (what it does before awaiting sees only its batch)', async () => {
    const seen: number[][] = [];
    let w!: BatchedWriter<number>;
    w = new BatchedWriter<number>({
      name: 'test', delayMs: 60_000, logger: { error: () => undefined },
      write: async (batch) => {
        seen.push([batch.length, w.pendingCount]);
        await Promise.resolve();
      },
    });
    w.add(1);
    w.add(2);
    const flushed = w.flush();
    w.add(3); // queued after the flush was asked but before it ran: taken by it
    await flushed;
    expect(seen).to.deep.equal([[3, 0]]);
  });
});
