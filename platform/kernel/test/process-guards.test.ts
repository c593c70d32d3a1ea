import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';

const CHILD = path.join(__dirname, 'fixtures', 'process-guard-child.ts');

function run(...args: string[]): { code: number | null; lines: Array<Record<string, unknown>> } {
  const out = spawnSync(process.execPath, ['--require', 'tsx/cjs', CHILD, ...args], { cwd: path.resolve(__dirname, '../../..'), encoding: 'utf8', timeout: 30_000 });
  const lines = out.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { code: out.status, lines };
}

describe('Process guards: errors nothing caught', function () {
  this.timeout(40_000);

  it('logs errors of work a request started, with its request id, and keeps serving', () => {
    const { code, lines } = run();
    expect(code).to.equal(0);
    const byRequest = (id: string) => lines.find((l) => l.requestId === id);
    expect(byRequest('req-throw')?.msg).to.match(/uncaught exception in work of a request; still serving/);
    expect(byRequest('req-reject')?.msg).to.match(/unhandled promise rejection; still serving/);
    expect(byRequest('req-detached')?.msg).to.equal('reset mail failed');
    expect(byRequest('req-detached-async')?.msg).to.equal('reset mail failed');
    expect(lines.some((l) => l.msg === 'still serving')).to.equal(true);
  });

  it('stops with code 1 on an exception outside any request, after logging it', () => {
    const { code, lines } = run('--outside');
    expect(code).to.equal(1);
    expect(lines.find((l) => l.level === 60)?.msg).to.match(/outside any request/);
  });
});
