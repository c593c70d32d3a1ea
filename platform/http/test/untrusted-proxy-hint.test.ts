import { expect } from 'chai';
import pino from 'pino';
import { Writable } from 'node:stream';
import { untrustedProxyHint } from '../untrusted-proxy-hint';

function capturingLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  return { logger: pino({ level: 'warn' }, sink), lines };
}

describe('a proxy that TRUST_PROXY does not declare', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.9' };

  it('is named once in the log, on the first forwarded request from a nearby peer', () => {
    const { logger, lines } = capturingLogger();
    const hint = untrustedProxyHint(logger, 0);
    hint({}, '127.0.0.1');
    expect(lines).to.have.length(0);
    hint(forwarded, '::ffff:10.0.0.5');
    hint(forwarded, '127.0.0.1');
    expect(lines).to.have.length(1);
    expect(String(lines[0].msg)).to.contain('TRUST_PROXY is not set');
    expect(lines[0].peer).to.equal('::ffff:10.0.0.5');
  });

  it('stays quiet when TRUST_PROXY is set, and for a distant peer sending the header itself', () => {
    const { logger, lines } = capturingLogger();
    untrustedProxyHint(logger, 1)(forwarded, '127.0.0.1');
    const hint = untrustedProxyHint(logger, 0);
    hint(forwarded, '198.51.100.7');
    hint(forwarded, undefined);
    expect(lines).to.have.length(0);
  });
});
