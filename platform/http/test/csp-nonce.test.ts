import { expect } from 'chai';
import { contentSecurityPolicy, newCspNonce } from '../security-headers';

describe('http: CSP nonces', () => {
  it('are 16 random bytes each, never the same twice, across the batches they are cut from', () => {
    const seen = new Set<string>();
    // Several batches of drawn bytes (256 nonces each).
    for (let i = 0; i < 2000; i++) {
      const nonce = newCspNonce();
      expect(Buffer.from(nonce, 'base64')).to.have.length(16);
      expect(nonce).to.match(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).to.equal(2000);
    const nonce = newCspNonce();
    expect(contentSecurityPolicy(nonce)).to.contain(`script-src 'self' 'nonce-${nonce}'`);
  });
});
