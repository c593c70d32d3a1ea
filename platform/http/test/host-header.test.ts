import { expect } from 'chai';
import { parseHostHeader, requestHostsValid } from '../host-header';

describe('Host header parsing', () => {
  it('accepts names, IPv4 and bracketed IPv6 addresses, with an optional port 1-65535', () => {
    expect(parseHostHeader('localhost')).to.deep.equal({ hostname: 'localhost', port: null });
    expect(parseHostHeader('LocalHost:8069')).to.deep.equal({ hostname: 'localhost', port: 8069 });
    expect(parseHostHeader('www.example.com.')).to.deep.equal({ hostname: 'www.example.com.', port: null });
    expect(parseHostHeader('127.0.0.1:65535')).to.deep.equal({ hostname: '127.0.0.1', port: 65535 });
    expect(parseHostHeader('[::1]:8080')).to.deep.equal({ hostname: '[::1]', port: 8080 });
    expect(parseHostHeader('[2001:db8::1]')).to.deep.equal({ hostname: '[2001:db8::1]', port: null });
    expect(parseHostHeader('my_host-1.internal')).to.not.equal(null);
  });

  it('refuses what is not host[:port]', () => {
    for (const bad of ['localhost:abc', 'localhost:99999', 'localhost:0', '127.0.0.1:8324 evil', 'a b', 'evil.example/x',
      'user@host', '[::1', '::1', '[fe80::1%eth0]', '300.1.1.1', '-bad.example', 'bad-.example', 'a..b', '', ':80',
      'x'.repeat(64) + '.example', 'a\u0000b', 'host:80:80', 'é.example']) {
      expect(parseHostHeader(bad), JSON.stringify(bad)).to.equal(null);
    }
  });

  it('checks X-Forwarded-Host only behind a trusted proxy, and its first entry', () => {
    expect(requestHostsValid({ host: 'localhost', 'x-forwarded-host': 'localhost:abc' }, false)).to.equal(true);
    expect(requestHostsValid({ host: 'localhost', 'x-forwarded-host': 'localhost:abc' }, true)).to.equal(false);
    expect(requestHostsValid({ host: 'localhost', 'x-forwarded-host': 'site.example, proxy.internal' }, true)).to.equal(true);
    expect(requestHostsValid({ host: 'localhost:99999' }, true)).to.equal(false);
    expect(requestHostsValid({}, false)).to.equal(true);
  });
});
