import { expect } from 'chai';
import { countText } from '../count-text';
import { EMAIL_RE, LOOSE_EMAIL_RE } from '../email-pattern';
import { escapeHtml, textToHtml } from '../html-text';
import { utcText } from '../utc-text';

describe('platform/common (code shared by the server and the browser)', () => {
  it('utcText writes a moment as the database stores it, in UTC', () => {
    expect(utcText(Date.UTC(2024, 1, 29, 23, 5, 9, 999))).to.equal('2024-02-29 23:05:09');
    expect(utcText(new Date('2024-03-01T01:05:09+02:00'))).to.equal('2024-02-29 23:05:09');
    expect(utcText()).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('textToHtml escapes typed text and keeps its lines', () => {
    expect(textToHtml('  <b>"Tom" & \'Jerry\'</b>\r\nnext\nlast \n')).to.equal('&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;<br>next<br>last');
    expect(escapeHtml('a<b>&c')).to.equal('a&lt;b&gt;&amp;c');
  });

  it('one strict e-mail rule for stored addresses, one loose rule for what widgets accept', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.org']) expect(EMAIL_RE.test(ok), ok).to.equal(true);
    for (const bad of ['a@b', 'a b@c.de', '@b.co', 'a@b.c']) expect(EMAIL_RE.test(bad), bad).to.equal(false);
    expect(LOOSE_EMAIL_RE.test('a@b')).to.equal(true);
    for (const bad of ['a@', 'a b@c', 'a@b@c', 'ab']) expect(LOOSE_EMAIL_RE.test(bad), bad).to.equal(false);
  });
  it('countText picks the plural form of the language: 1 vote, 2 votes; 0 and 1 are singular in French', () => {
    const fr: Record<string, string> = { '%s vote': '%s vote', '%s votes': '%s votes' };
    const en = (s: string) => s;
    expect(countText(1, 'en_US', '%s vote', '%s votes', en)).to.equal('1 vote');
    expect(countText(0, 'en_US', '%s vote', '%s votes', en)).to.equal('0 votes');
    expect(countText(1200, 'en_US', '%s vote', '%s votes', en)).to.equal('1,200 votes');
    expect(countText(0, 'fr_FR', '%s vote', '%s votes', (s) => fr[s])).to.equal('0 vote');
    expect(countText(2, 'fr_FR', '%s vote', '%s votes', (s) => fr[s])).to.equal('2 votes');
  });
});
