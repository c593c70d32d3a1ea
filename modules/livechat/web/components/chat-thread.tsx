import { useEffect, useRef, useState } from 'react';
import { useDates, useT } from '@platform/web/client';
import { splitQuoted, squashed, timestampLabel, TIMESTAMP_REFRESH_MS, UNREAD_RESET_DEBOUNCE_MS, debounce, type ThreadMessage } from '../thread-logic';

export interface ChatThreadProps {
  messages: ThreadMessage[];
  /** Name shown for messages without author (the visitor). */
  visitorName: string;
  /** Called with true when scrolled to the bottom (debounced), false when scrolled up. */
  onBottomChange(atBottom: boolean): void;
}

function MessageBody({ html }: { html: string }) {
  const _t = useT();
  const [expanded, setExpanded] = useState(false);
  const { shown, quoted } = splitQuoted(html);
  return (
    <div className="o_thread_message_content">
      {/* Bodies are HTML sanitised by the server (visitor text is escaped before it is stored). */}
      <div dangerouslySetInnerHTML={{ __html: shown }} />
      {quoted ? (
        expanded
          ? <div className="o_thread_quoted" dangerouslySetInnerHTML={{ __html: quoted }} />
          : <button type="button" className="o_thread_read_more" onClick={() => setExpanded(true)}>{_t('read more')}</button>
      ) : null}
    </div>
  );
}

/** Messages of a conversation: squashed per author within 60 s, 'now' timestamps refreshed every 60 s. */
export function ChatThread({ messages, visitorName, onBottomChange }: ChatThreadProps) {
  const dates = useDates();
  const _t = useT();
  const [now, setNow] = useState(() => Date.now());
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const report = useRef(debounce((atBottom: boolean) => onBottomChange(atBottom), UNREAD_RESET_DEBOUNCE_MS));

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIMESTAMP_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    // Follow new messages while the reader is at the bottom; otherwise leave the scroll alone.
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 4;
    stick.current = atBottom;
    report.current(atBottom);
  };
  const squash = squashed(messages);
  return (
    <div className="o_thread" ref={ref} onScroll={onScroll} role="log" aria-live="polite" tabIndex={0}>
      {messages.map((m, i) => (
        <div key={m.id} className={`o_thread_message${squash[i] ? ' o_squashed' : ''}`} data-message-id={m.id}>
          {squash[i] ? null : (
            <div className="o_thread_message_header">
              <strong className="o_thread_author">{m.author_id ? m.author_id[1] : visitorName}</strong>{' '}
              <time className="o_thread_date" dateTime={m.date}>{timestampLabel(m.date, now, (d) => dates.fromNow(d), _t('now'))}</time>
            </div>
          )}
          <MessageBody html={m.body} />
        </div>
      ))}
    </div>
  );
}
