import { expect } from 'chai';
import { redirectUrl, withVisitorQuery } from '../server/services/redirect-url';
import { isBot } from '../server/services/bot-detector';
import { normalizeUrl } from '../server/services/link-service';
import { htmlTitle } from '../server/services/link-preview';

describe('link_tracker: redirect URL composition', () => {
  const utm = { campaign: 'Spring sale', medium: 'E-mail', source: 'News & letters' };

  it('adds the UTM names, URL-encoded, to a URL without query', () => {
    expect(redirectUrl('https://ex.com/p', utm))
      .to.equal('https://ex.com/p?utm_campaign=Spring%20sale&utm_medium=E-mail&utm_source=News%20%26%20letters');
  });

  it('keeps the existing query (untouched) and the fragment, after the parameters', () => {
    expect(redirectUrl('https://ex.com/p?a=1&b=x%2By#top', { campaign: 'c' })).to.equal('https://ex.com/p?a=1&b=x%2By&utm_campaign=c#top');
    expect(redirectUrl('https://ex.com/#/route?x=1', { source: 's' })).to.equal('https://ex.com/?utm_source=s#/route?x=1');
  });

  it('leaves no stray ?, & or #', () => {
    expect(redirectUrl('https://ex.com/p', {})).to.equal('https://ex.com/p');
    expect(redirectUrl('https://ex.com/p?', {})).to.equal('https://ex.com/p');
    expect(redirectUrl('https://ex.com/p?#', {})).to.equal('https://ex.com/p');
    expect(redirectUrl('https://ex.com/p?a=1&', { medium: 'm' })).to.equal('https://ex.com/p?a=1&utm_medium=m');
    expect(redirectUrl('https://ex.com/p#', { medium: 'm' })).to.equal('https://ex.com/p?utm_medium=m');
  });

  it('replaces a UTM parameter the target already has instead of doubling it', () => {
    expect(redirectUrl('https://ex.com/?utm_campaign=old&x=1', { campaign: 'new' })).to.equal('https://ex.com/?x=1&utm_campaign=new');
    // Not replaced when the link has no value of its own for it.
    expect(redirectUrl('https://ex.com/?utm_source=kept', { campaign: 'c' })).to.equal('https://ex.com/?utm_source=kept&utm_campaign=c');
  });

  it('encodes names with non-ASCII characters and reserved characters', () => {
    expect(redirectUrl('http://ex.com', { campaign: 'Été #1?' })).to.equal('http://ex.com?utm_campaign=%C3%89t%C3%A9%20%231%3F');
  });

  it("forwards the visitor's own query parameters the target does not have, re-encoded, before the fragment", () => {
    const target = 'https://ex.com/p?a=1&utm_source=News#top';
    expect(withVisitorQuery(target, 'ref=tw&a=2&utm_source=x&q=caf%C3%A9+bar')).to.equal('https://ex.com/p?a=1&utm_source=News&ref=tw&q=caf%C3%A9%20bar#top');
    expect(withVisitorQuery('https://ex.com/p', 'flag&x=%3Cscript%3E')).to.equal('https://ex.com/p?flag&x=%3Cscript%3E');
    expect(withVisitorQuery(target, '')).to.equal(target);
    // Malformed encodings and empty keys are dropped; an enormous query is not forwarded at all.
    expect(withVisitorQuery(target, 'bad=%E0%A4%A&=v&ok=1')).to.equal('https://ex.com/p?a=1&utm_source=News&ok=1#top');
    expect(withVisitorQuery(target, `x=${'y'.repeat(3000)}`)).to.equal(target);
  });
});

describe('link_tracker: URL normalisation', () => {
  it('adds http:// when the scheme is missing, keeps http and https', () => {
    expect(normalizeUrl('example.com/page')).to.equal('http://example.com/page');
    expect(normalizeUrl('example.com:8080/x')).to.equal('http://example.com:8080/x');
    expect(normalizeUrl('HTTPS://example.com')).to.equal('HTTPS://example.com');
  });

  it('refuses other schemes, hostless and enormous URLs', () => {
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', 'ftp://ex.com/f', 'data:text/html,x', 'http://', 'http://exa mple.com', `http://ex.com/${'a'.repeat(3000)}`, 'http://u:p@ex.com/']) {
      expect(() => normalizeUrl(bad), bad).to.throw();
    }
  });
});

describe('link_tracker: bots and titles', () => {
  it('tells crawlers from browsers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).to.equal(true);
    expect(isBot('facebookexternalhit/1.1')).to.equal(true);
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).to.equal(true);
    expect(isBot(undefined)).to.equal(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).to.equal(false);
    expect(isBot('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).to.equal(false);
  });

  it('reads the first <title>, entities decoded', () => {
    expect(htmlTitle('<html><head><title>\n  Caf&eacute; &amp; Tea &#8211; &#x41;  </title><title>2</title>')).to.equal('Caf&eacute; & Tea – A');
    expect(htmlTitle('<p>no title</p>')).to.equal(null);
  });
});
