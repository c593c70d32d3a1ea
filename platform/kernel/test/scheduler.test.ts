import { expect } from 'chai';
import pino from 'pino';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { EnvFactory } from '@platform/orm/env-factory';
import type { ScheduledJob } from '@platform/jobs/job-contribution';
import { Scheduler } from '@platform/jobs/scheduler';

/** A promise with its resolve function at hand. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('scheduler', () => {
  let tk: TestKernel;
  const logged: Array<{ job?: string; err?: { message: string } }> = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const scheduler = (jobs: ScheduledJob[]) => new Scheduler(tk.kernel.db, tk.kernel.container.get(EnvFactory), jobs, logger);

  before(async () => {
    tk = await bootTestKernel({ modules: ['base'] });
  });
  after(async () => tk?.stop());
  beforeEach(async () => {
    logged.length = 0;
    await tk.kernel.db('ir_cron').delete();
  });

  it('a long job does not hold the others back, and is not started again while it runs', async () => {
    const slow = gate();
    const slowStarted = gate();
    const runs = { slow: 0, fast: 0 };
    const s = scheduler([
      { name: 'test.slow', intervalSeconds: 0, run: async () => void (runs.slow++, slowStarted.open(), await slow.opened) },
      { name: 'test.fast', intervalSeconds: 0, run: async () => void runs.fast++ },
    ]);
    const first = s.tick();
    // The first tick's slow run has begun and its fast run has ended (however slow the database is).
    await slowStarted.opened;
    await s.whenDone('test.fast');
    await s.tick(); // the slow job is still running: only the fast one starts
    expect(runs).to.deep.equal({ slow: 1, fast: 2 });
    slow.open();
    await first;
    await s.tick();
    expect(runs).to.deep.equal({ slow: 2, fast: 3 });
  });

  it('one run per period across processes sharing the database', async () => {
    let runs = 0;
    const job: ScheduledJob = { name: 'test.hourly', intervalSeconds: 3600, run: async () => void runs++ };
    const [a, b] = [scheduler([job]), scheduler([job])];
    await Promise.all([a.tick(), b.tick(), a.tick()]);
    await b.tick();
    expect(runs).to.equal(1);
  });

  it('a failing job is logged and the others still run', async () => {
    let ran = false;
    await scheduler([
      { name: 'test.failing', intervalSeconds: 0, run: async () => { throw new Error('job broke'); } },
      { name: 'test.fine', intervalSeconds: 0, run: async () => void (ran = true) },
    ]).tick();
    expect(ran).to.equal(true);
    expect(logged.map((l) => [l.job, l.err?.message])).to.deep.equal([['test.failing', 'job broke']]);
  });

  it('stop() aborts the signal running jobs were given and waits for them; nothing starts afterwards', async () => {
    const seen: string[] = [];
    const s = scheduler([{
      name: 'test.long', intervalSeconds: 0,
      run: (_env, stopping) => new Promise<void>((resolve) => stopping.addEventListener('abort', () => setTimeout(() => {
        seen.push('wound down');
        resolve();
      }, 30), { once: true })),
    }]);
    void s.tick();
    await new Promise((r) => setTimeout(r, 50));
    await s.stop();
    seen.push('stopped');
    await s.tick();
    expect(seen).to.deep.equal(['wound down', 'stopped']);
  });
});
