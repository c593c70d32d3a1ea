import { expect } from 'chai';
import { absoluteUrl, hostnameOf, originOf } from '../absolute-url';

describe('Absolute URLs from request parts', () => {
  it('builds an origin from a protocol and a host, or null, never throwing', () => {
    expect(originOf('http', 'localhost:8069')).to.equal('http://localhost:8069');
    expect(originOf('https', 'Example.COM')).to.equal('https://example.com');
    for (const host of ['localhost:abc', 'localhost:99999', '127.0.0.1:8324 evil', '', 'a/b', 'u@h', '[::1']) {
      expect(originOf('http', host), host).to.equal(null);
    }
    expect(originOf('javascript', 'x')).to.equal(null);
  });

  it('joins a path to a base URL, keeping the base path, or null', () => {
    expect(absoluteUrl('https://example.com/', '/web/reset_password?token=x')).to.equal('https://example.com/web/reset_password?token=x');
    expect(absoluteUrl('https://example.com/shop/', 'cart')).to.equal('https://example.com/shop/cart');
    expect(absoluteUrl('not a url', '/x')).to.equal(null);
    expect(absoluteUrl('ftp://example.com', '/x')).to.equal(null);
    expect(hostnameOf('https://example.com:8443/a')).to.equal('example.com');
    expect(hostnameOf('::')).to.equal(null);
  });
});
