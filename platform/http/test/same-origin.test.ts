import { expect } from 'chai';
import type Koa from 'koa';
import { isSameOriginPost } from '../same-origin';

/** A request as the check reads it: its headers and the host it was sent to. */
const request = (host: string, headers: Record<string, string>) =>
  ({ host, get: (name: string) => headers[name.toLowerCase()] ?? '' }) as unknown as Koa.Context;

describe("csrf: 'origin' (form posts on publicly cached pages)", () => {
  it('accepts Sec-Fetch-Site: same-origin, and refuses same-site, cross-site and none whatever the Origin says', () => {
    expect(isSameOriginPost(request('www.example.com', { 'sec-fetch-site': 'same-origin' }))).to.equal(true);
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(isSameOriginPost(request('www.example.com', { 'sec-fetch-site': site, origin: 'https://www.example.com' })), site).to.equal(false);
    }
  });

  it("without Sec-Fetch-Site, the Origin's host must be the request's host", () => {
    expect(isSameOriginPost(request('www.example.com', { origin: 'https://www.example.com' }))).to.equal(true);
    expect(isSameOriginPost(request('127.0.0.1:8069', { origin: 'http://127.0.0.1:8069' }))).to.equal(true);
    expect(isSameOriginPost(request('www.example.com', { origin: 'https://evil.example' }))).to.equal(false);
    expect(isSameOriginPost(request('www.example.com', { origin: 'https://www.example.com.evil.example' }))).to.equal(false);
    expect(isSameOriginPost(request('www.example.com', { origin: 'null' }))).to.equal(false);
    expect(isSameOriginPost(request('www.example.com', { origin: 'not a url' }))).to.equal(false);
  });

  it('refuses a post with neither header', () => {
    expect(isSameOriginPost(request('www.example.com', {}))).to.equal(false);
  });
});
