import { expect } from 'chai';
import { escapeText, mergeMessages, splitQuoted, squashed, timestampLabel, WELCOME_ID, type ThreadMessage } from '../web/thread-logic';

const msg = (id: number | typeof WELCOME_ID, author: number | false, date: string, body = 'x'): ThreadMessage => ({
  id, author_id: author === false ? false : [author, `P${author}`], body, date,
});

describe('chat thread rules', () => {
  it('squashes messages of one author within 60 s, not across authors or longer gaps', () => {
    const thread = [
      msg(1, 3, '2026-11-21 10:00:00'), msg(2, 3, '2026-11-21 10:00:59'), msg(3, 3, '2026-11-21 10:02:00'),
      msg(4, false, '2026-11-21 10:02:10'), msg(5, false, '2026-11-21 10:02:20'), msg(6, 3, '2026-11-21 10:02:21'),
    ];
    expect(squashed(thread)).to.deep.equal([false, true, false, false, true, false]);
  });

  it("says 'now' under 45 s, and the relative time after", () => {
    const at = Date.parse('2026-11-21T10:00:00Z');
    const relative = () => 'a minute ago';
    expect(timestampLabel('2026-11-21 09:59:16', at, relative)).to.equal('now');
    expect(timestampLabel('2026-11-21 09:59:15', at, relative)).to.equal('a minute ago');
    // The word for 'now' is the page's language's.
    expect(timestampLabel('2026-11-21 09:59:16', at, relative, "à l'instant")).to.equal("à l'instant");
  });

  it("hides quoted text behind 'read more'", () => {
    expect(splitQuoted('Hello<br />&gt; you said<br />&gt; this')).to.deep.equal({ shown: 'Hello', quoted: '&gt; you said<br />&gt; this' });
    expect(splitQuoted('<p>Hi</p><blockquote>old</blockquote>')).to.deep.equal({ shown: '<p>Hi</p>', quoted: '<blockquote>old</blockquote>' });
    expect(splitQuoted('plain a &gt; b')).to.deep.equal({ shown: 'plain a &gt; b', quoted: '' });
  });

  it('merges without duplicates, in id order, the welcome message first', () => {
    const welcome = msg(WELCOME_ID, 3, '2026-11-21 10:00:00');
    const a = msg(5, 3, '2026-11-21 10:00:01');
    const b = msg(7, false, '2026-11-21 10:00:02');
    const thread = mergeMessages([welcome, b], [a, b]);
    expect(thread.map((m) => m.id)).to.deep.equal([WELCOME_ID, 5, 7]);
    expect(mergeMessages(thread, [a])).to.equal(thread);
  });

  it('escapes typed text like the server', () => {
    expect(escapeText('<b>"hi"</b>\nnext')).to.equal('&lt;b&gt;&quot;hi&quot;&lt;/b&gt;<br />next');
  });
});
