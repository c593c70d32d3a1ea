import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rpc, RpcError } from '@platform/web/client';
import { utcText } from '@platform/common';
import { type BackofficeViewProps, useBackoffice } from '@platform/web/backoffice/client';
import { postChatLine } from '../chat-rpc';
import { ChatThread } from '../components/chat-thread';
import { escapeText, mergeMessages, type ThreadMessage } from '../thread-logic';
import { coalesce, listenToLivechat } from './console-bus';
import { ConversationList, type ConsoleConversation } from './conversation-list';
import './operator-console.css';

type Scope = 'open' | 'closed';
type Conversation = ConsoleConversation;

/**
 * The operator console (Live Chat > Conversations): an inbox of the operator's open and past
 * conversations (visitor, country, page, last line, unread counter) and the opened conversation's
 * thread with a composer. Everything comes from the server and is reloaded on the bus's live chat
 * events, so the counters agree between the operator's tabs. The opened conversation is in the URL
 * (`id=`), so a reload comes back to it.
 */
export default function OperatorConsole({ route }: BackofficeViewProps) {
  const { _t, data, navigate } = useBackoffice();
  const [scope, setScope] = useState<Scope>('open');
  const [list, setList] = useState<Conversation[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const selectedId = route.id;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const selectedRef = useRef<number | undefined>(selectedId);
  selectedRef.current = selectedId;

  const fail = (err: unknown) => setError((err as Error).message);

  const load = useCallback(async () => {
    try {
      const [current, opened] = await Promise.all([
        rpc<Conversation[]>('/im_livechat/console/inbox', { scope: scopeRef.current }),
        // The opened conversation may be in the other tab of the inbox (it just ended).
        rpc<Conversation[]>('/im_livechat/console/inbox', { scope: scopeRef.current === 'open' ? 'closed' : 'open' }),
      ]);
      setList(current);
      const id = selectedRef.current;
      setSelected(id ? ([...current, ...opened].find((c) => c.id === id) ?? null) : null);
    } catch (err) {
      if (err instanceof RpcError && err.name === 'AccessError') setRefused(err.message);
      else fail(err);
    }
  }, []);
  const reload = useMemo(() => coalesce(() => void load(), 150), [load]);

  useEffect(() => {
    void load();
  }, [load, scope, selectedId]);

  // The opened conversation's lines.
  useEffect(() => {
    setMessages([]);
    setDraft('');
    if (!selected?.uuid) return;
    let cancelled = false;
    rpc<ThreadMessage[]>('/mail/chat_history', { uuid: selected.uuid, limit: 100 }).then((history) => {
      if (!cancelled) setMessages((cur) => mergeMessages(cur, history.reverse()));
    }, fail);
    return () => {
      cancelled = true;
    };
  }, [selected?.uuid]);

  // Lines shown to the operator are seen: its counter (and the title's) drops.
  const lastShown = messages.length ? Number(messages[messages.length - 1].id) : 0;
  useEffect(() => {
    if (!selected || !lastShown || selected.unread === 0) return;
    rpc('/im_livechat/console/seen', { channel_id: selected.id, message_id: lastShown }).catch(() => undefined);
  }, [selected, lastShown]);

  useEffect(() => {
    if (refused) return;
    return listenToLivechat(data.session.partnerId, (e) => {
      if (e.type === 'mail.message' && e.message && e.channelId === selectedRef.current) {
        const incoming = e.message;
        setMessages((cur) => mergeMessages(cur, [incoming]));
      }
      reload();
    });
  }, [data.session.partnerId, reload, refused]);

  const open = (c: Conversation | null) => navigate({ menu: route.menu, screen: route.screen, id: c?.id });

  const send = async () => {
    const text = draft.trim();
    if (!text || !selected || sending) return;
    setSending(true);
    try {
      const id = await postChatLine(rpc, selected.uuid, text);
      setMessages((cur) => mergeMessages(cur, [{ id, author_id: [data.session.partnerId ?? 0, data.session.name], body: escapeText(text), date: utcText() }]));
      setDraft('');
    } catch (err) {
      fail(err);
    } finally {
      setSending(false);
    }
  };

  const close = async () => {
    if (!selected) return;
    try {
      await rpc('/im_livechat/console/close', { channel_id: selected.id });
      await load();
    } catch (err) {
      fail(err);
    }
  };

  if (refused) return <div className="alert alert-danger" role="alert">{_t(refused)}</div>;

  const ended = selected?.state === 'closed';
  const endedText = selected?.closed_by === 'visitor' ? _t('The visitor left') : _t('You closed this conversation');
  return (
    <section className="o_livechat_console" aria-labelledby="livechat-console-title">
      <h1 id="livechat-console-title" className="h4 mb-3">{_t('Conversations')}</h1>
      <div aria-live="polite">{error ? <div className="alert alert-danger py-2" role="alert">{error}</div> : null}</div>
      <div className="row g-3">
        <div className={`col-md-5 col-lg-4${selected ? ' d-none d-md-block' : ''}`}>
          <ConversationList scope={scope} onScope={(s) => { setScope(s); setList(null); }} conversations={list} selectedId={selectedId} onOpen={open} />
        </div>
        <div className={`col-md-7 col-lg-8${selected ? '' : ' d-none d-md-block'}`}>
          {selected ? (
            <article className="o_livechat_conversation" aria-labelledby="livechat-conversation-title" data-conversation-id={selected.id}>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <button type="button" className="btn btn-sm btn-outline-secondary d-md-none" onClick={() => open(null)}>{_t('Back to the list')}</button>
                <h2 id="livechat-conversation-title" className="h5 mb-0 me-auto">
                  {selected.visitor} <span className="text-body-secondary fw-normal small">#{selected.id}</span>
                  {selected.country ? <span className="text-body-secondary fw-normal"> · {selected.country}</span> : null}
                </h2>
                {ended ? null : <button type="button" className="btn btn-sm btn-outline-danger o_livechat_end" onClick={() => void close()}>{_t('End the conversation')}</button>}
              </div>
              {selected.visitor_page ? <p className="small mb-2">{_t('Current page:')} <code className="o_visitor_page">{selected.visitor_page}</code></p> : null}
              {ended ? <div className="alert alert-secondary py-2 o_livechat_ended" role="status">{endedText}</div> : null}
              <ChatThread messages={messages} visitorName={selected.visitor} onBottomChange={() => undefined} />
              {ended ? null : (
                <form className="d-flex gap-2 mt-2" onSubmit={(e) => { e.preventDefault(); void send(); }}>
                  <label htmlFor="livechat-composer" className="visually-hidden">{_t('Say something')}</label>
                  <input id="livechat-composer" className="form-control o_composer_text_field" type="text" value={draft} maxLength={4000}
                    placeholder={_t('Say something')} onChange={(e) => setDraft(e.target.value)} disabled={sending} />
                  <button type="submit" className="btn btn-primary" disabled={sending || !draft.trim()}>{_t('Send')}</button>
                </form>
              )}
            </article>
          ) : (
            <p className="text-body-secondary mt-md-5 text-center">{_t('Choose a conversation to read it and answer.')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
