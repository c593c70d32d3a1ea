import { useState, type ReactNode } from 'react';
import { useT } from '@platform/web/client';
import type { ThreadMessage } from '../thread-logic';
import { ChatThread } from './chat-thread';

export interface ChatWindowProps {
  title: string;
  status?: string;
  unread: number;
  folded: boolean;
  messages: ThreadMessage[];
  visitorName: string;
  placeholder: string;
  composerDisabled: boolean;
  onFold(): void;
  onClose(): void;
  /** Resolves once posted; the composer keeps the text when it rejects. */
  onSend(text: string): Promise<void>;
  onBottomChange(atBottom: boolean): void;
  /** Shown instead of the composer (the feedback panel). */
  footer?: ReactNode;
}

/** A chat window docked bottom right: header (title, status, unread, fold, close), thread, one-line composer. */
export function ChatWindow(p: ChatWindowProps) {
  const _t = useT();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return; // empty or blank input is never posted
    setSending(true);
    try {
      await p.onSend(text);
      setDraft('');
    } catch {
      // The window already told the user; the text stays in the composer to be sent again.
    } finally {
      setSending(false);
    }
  };
  return (
    <section className={`o_chat_window${p.folded ? ' o_folded' : ''}`} aria-label={p.title}>
      <header className="o_chat_header">
        <span className="o_chat_title">{p.title}</span>
        {p.status ? <span className="o_chat_status">{p.status}</span> : null}
        {p.unread > 0 ? <span className="o_unread_counter" aria-label={_t('Unread messages')}>{p.unread}</span> : null}
        <span className="o_chat_buttons">
          <button type="button" className="o_chat_fold" onClick={p.onFold} aria-expanded={!p.folded} aria-label={p.folded ? _t('Open') : _t('Fold')}>
            {p.folded ? '▴' : '▾'}
          </button>
          <button type="button" className="o_chat_close" onClick={p.onClose} aria-label={_t('Close')}>×</button>
        </span>
      </header>
      {p.folded ? null : (
        <>
          <ChatThread messages={p.messages} visitorName={p.visitorName} onBottomChange={p.onBottomChange} />
          {p.footer ?? (
            <input
              className="form-control o_composer_text_field" type="text" value={draft} placeholder={p.placeholder} aria-label={p.placeholder}
              disabled={p.composerDisabled} maxLength={4000}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void send();
                }
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
