import { expect } from 'chai';
import { normaliseLinkUrl } from '../server/services/link-rules';
import { parseTagNames } from '../server/services/tag-rules';
import { slugId } from '../server/routes/slug';

describe('forum: link, tag and slug rules', () => {
  it('prepends http:// and keeps public http, https and ftp URLs', () => {
    expect(normaliseLinkUrl('www.example.com/a?b=1')).to.equal('http://www.example.com/a?b=1');
    expect(normaliseLinkUrl('https://example.org')).to.equal('https://example.org/');
    expect(normaliseLinkUrl('ftp://files.example.net/x')).to.equal('ftp://files.example.net/x');
    expect(normaliseLinkUrl('8.8.8.8')).to.equal('http://8.8.8.8/');
  });

  it('refuses other schemes, private, loopback and link-local ranges, local names and junk', () => {
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'gopher://example.com', '127.0.0.1', 'http://localhost:8069', 'http://10.1.2.3',
      'http://192.168.1.1', 'http://172.16.0.1', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://0x7f.1/', 'http://2130706433/',
      'http://intranet/', 'http://printer.local/', 'http://user:pw@example.com/', '', '   ', 'http://', `http://${'a'.repeat(2100)}.com`]) {
      expect(normaliseLinkUrl(bad), bad).to.equal(null);
    }
  });

  it('splits tags on commas, spaces and underscores, 2 to 35 characters, at most 5, duplicates once', () => {
    expect(parseTagNames('web, css_html  js,web')).to.deep.equal(['web', 'css', 'html', 'js']);
    expect(parseTagNames('  ')).to.deep.equal([]);
    expect(parseTagNames('ab')).to.deep.equal(['ab']);
    expect(parseTagNames('x'.repeat(35))).to.have.length(1);
    expect(() => parseTagNames('a')).to.throw('between 2 and 35 characters');
    expect(() => parseTagNames('x'.repeat(36))).to.throw('between 2 and 35 characters');
    expect(() => parseTagNames('aa bb cc dd ee ff')).to.throw('at most 5 tags');
  });

  it('reads ids at the end of slugs and refuses anything else', () => {
    expect(slugId('help-1')).to.equal(1);
    expect(slugId('42')).to.equal(42);
    for (const bad of ['help', 'help-0', '-', '', 'a-1234567890', '1; drop']) expect(() => slugId(bad), bad).to.throw('does not exist');
  });
});
