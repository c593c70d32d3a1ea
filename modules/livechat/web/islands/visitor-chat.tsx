import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type BusNotification, sharedBus, SPEC_TIMINGS } from '@platform/web/client/bus';
import { defineIsland, showErrorDialog, useT } from '@platform/web/client';
import { utcText } from '@platform/common';
import { AUTO_POPUP_COOKIE, SESSION_COOKIE } from '../chat-cookies';
import { chatRpc, isSessionGone, postChatLine } from '../chat-rpc';
import { cookieStore, localStore, type ChatStore } from '../chat-store';
import { debounce, escapeText, mergeMessages, OPEN_DEBOUNCE_MS, WELCOME_ID, type ThreadMessage } from '../thread-logic';

/*
 * The window (thread, composer, relative times with moment, feedback) is loaded only when a chat
 * opens: a visitor who never chats downloads the button alone.
 */
const ChatWindow = lazy(() => import('../components/chat-window').then((m) => ({ default: m.ChatWindow })));
const FeedbackPanel = lazy(() => import('../components/feedback-panel').then((m) => ({ default: m.FeedbackPanel })));

export interface LivechatOptions {
  channel_id: number;
  channel_name: string;
  button_text: string;
  input_placeholder: string;
  default_message: string;
  default_username: string;
}

interface SessionInfo {
  id: number;
  uuid: string;
  name: string;
  operator_pid: [number, string] | false;
  anonymous_name: string | false;
  /** Kept in the session cookie with the session: open or folded. */
  state?: 'open' | 'folded';
}

interface InitResult {
  available_for_me: boolean | number;
  rule: { action?: 'display_button' | 'auto_popup' | 'hide_button'; auto_popup_timer?: number };
}

const NO_OPERATOR = 'None of our collaborators seems to be available, please try again later.';
/** No auto-popup on small screens, no fold button on the smallest ones. */
const SMALL_SCREEN = 768;
const SMALLEST_SCREEN = 576;

/** Key of the embedded chat's own session id (the iframe cannot use the site's session cookie). */
const SID_KEY = 'im_livechat_sid';

/** The page the visitor is on, as a path of this site. */
function currentPage(): string {
  return `${window.location.pathname}${window.location.search}`.slice(0, 512);
}

function storedSession(store: ChatStore): SessionInfo | null {
  try {
    const raw = store.get(SESSION_COOKIE);
    return raw ? (JSON.parse(raw) as SessionInfo) : null;
  } catch {
    return null;
  }
}

/** Embedded: tells the page around the iframe how much room the chat needs (nothing secret in it). */
function announceSize(embedded: boolean, width: number, height: number): void {
  if (embedded && window.parent !== window) window.parent.postMessage({ type: 'livechat.size', width, height }, '*');
}

/** The visitor's chat: button, window, thread, composer, feedback on close (SPEC sections 2, 4, 9). */
function VisitorChat({ options, embedded = false }: { options: LivechatOptions; embedded?: boolean }) {
  // The channel's texts are its own words; when they are the spec's defaults (English UI strings),
  // they are shown in the page's language like any UI string.
  const _t = useT();
  const store = embedded ? localStore : cookieStore;
  const call = useMemo(() => chatRpc(() => (embedded ? localStore.get(SID_KEY) : null)), [embedded]);
  const bus = useCallback(() => sharedBus(embedded ? { sessionId: localStore.get(SID_KEY) ?? undefined } : undefined), [embedded]);
  const [available, setAvailable] = useState(false);
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [unread, setUnread] = useState(0);
  const [feedback, setFeedback] = useState(false);
  const [wrote, setWrote] = useState(false);
  const [operatorStatus, setOperatorStatus] = useState<'online' | 'away' | 'offline'>('online');
  /** The operator ended the conversation: the thread stays readable, nothing more can be written. */
  const [ended, setEnded] = useState(false);
  const atBottom = useRef(true);
  const sessionRef = useRef<SessionInfo | null>(null);
  sessionRef.current = session;

  const welcome = useCallback((info: SessionInfo): ThreadMessage => ({
    id: WELCOME_ID, author_id: info.operator_pid, body: escapeText(_t(options.default_message)), date: utcText(),
  }), [options.default_message, _t]);

  const loadHistory = useCallback(async (info: SessionInfo) => {
    try {
      const history = await call<Array<ThreadMessage & { id: number }>>('/mail/chat_history', { uuid: info.uuid, limit: 100 });
      setMessages((cur) => mergeMessages(cur.length ? cur : [welcome(info)], history.reverse()));
      if (history.some((m) => !m.author_id)) setWrote(true);
    } catch (err) {
      if (isSessionGone(err)) {
        // The server says the session is gone (collected, or not ours any more): forget it, show the button again.
        store.remove(SESSION_COOKIE);
        setSession(null);
        return;
      }
      // Lost connection, proxy error, restarting server: the session is still ours, keep it and say why the thread is empty.
      showErrorDialog(_t('Live chat'), (err as Error).message);
    }
  }, [welcome, call, _t]); // eslint-disable-line react-hooks/exhaustive-deps

  const remember = (info: SessionInfo) => store.set(SESSION_COOKIE, JSON.stringify({
    id: info.id, uuid: info.uuid, name: info.name, operator_pid: info.operator_pid, anonymous_name: info.anonymous_name, state: info.state ?? 'open',
  }));

  const open = useMemo(() => debounce(async () => {
    if (sessionRef.current) return;
    let info: (SessionInfo & { session_id?: string }) | false;
    try {
      const params: Record<string, unknown> = { channel_id: options.channel_id, anonymous_name: _t(options.default_username) };
      if (embedded) params.embedded = true;
      else params.page = currentPage();
      info = await call<(SessionInfo & { session_id?: string }) | false>('/im_livechat/get_session', params);
    } catch (err) {
      showErrorDialog(_t('Live chat'), (err as Error).message);
      return;
    }
    if (!info) {
      showErrorDialog(_t('Live chat'), _t(NO_OPERATOR));
      return;
    }
    if (info.session_id) store.set(SID_KEY, info.session_id);
    const { session_id: _sid, ...rest } = info;
    const opened = { ...rest, state: 'open' as const };
    remember(opened);
    store.set(AUTO_POPUP_COOKIE, 'false');
    setMessages([welcome(opened)]);
    setWrote(false);
    setEnded(false);
    setSession(opened);
  }, OPEN_DEBOUNCE_MS), [options.channel_id, options.default_username, welcome, _t, call]); // eslint-disable-line react-hooks/exhaustive-deps

  // Start: resume the session of the cookie, or ask whether (and how) to show the button.
  useEffect(() => {
    const resumed = storedSession(store);
    if (resumed) {
      setSession(resumed);
      setAvailable(true);
      void loadHistory(resumed);
      // The operator's console shows the page the visitor is on.
      if (!embedded) void call('/im_livechat/visitor_page', { uuid: resumed.uuid, page: currentPage() }).catch(() => undefined);
      return;
    }
    let popup: ReturnType<typeof setTimeout> | undefined;
    call<InitResult>('/im_livechat/init', { channel_id: options.channel_id }).then((res) => {
      if (!res.available_for_me) return;
      setAvailable(true);
      const { action, auto_popup_timer: timer = 0 } = res.rule ?? {};
      if (action === 'auto_popup' && window.innerWidth >= SMALL_SCREEN && store.get(AUTO_POPUP_COOKIE) !== 'false') {
        popup = setTimeout(() => open(), timer * 1000);
      }
    }).catch(() => undefined);
    return () => clearTimeout(popup);
  }, [options.channel_id, loadHistory, open]); // eslint-disable-line react-hooks/exhaustive-deps

  // Listen to the session's messages on the bus (the server checks the uuid belongs to this browser session).
  useEffect(() => {
    if (!session) return;
    const client = bus();
    const channel = `mail.channel:${session.id}`;
    const off = client.onNotification((ns: BusNotification[]) => {
      for (const n of ns) {
        if (n.channel === 'bus.reload') void loadHistory(session);
        if (n.channel !== channel) continue;
        const msg = n.message as { type: string; message?: ThreadMessage; closed_by?: string };
        if (msg.type === 'livechat.closed' && msg.closed_by === 'operator') setEnded(true);
        if (msg.type === 'mail.message' && msg.message) {
          const incoming = msg.message;
          setMessages((cur) => {
            const next = mergeMessages(cur, [incoming]);
            if (next !== cur && (sessionRef.current?.state === 'folded' || !atBottom.current)) setUnread((u) => u + 1);
            return next;
          });
        }
      }
    });
    client.addChannel(session.uuid);
    return () => {
      off();
      client.removeChannel(session.uuid);
    };
  }, [session?.uuid, session?.id, loadHistory]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = async () => {
    if (!session) return;
    if (wrote && !feedback && !ended) {
      setFeedback(true); // ask for feedback first, composer disabled
      return;
    }
    finish();
  };
  const finish = () => {
    const s = sessionRef.current;
    store.remove(SESSION_COOKIE);
    setSession(null);
    setFeedback(false);
    setMessages([]);
    setUnread(0);
    if (s) void call('/im_livechat/visitor_leave_session', { uuid: s.uuid }).catch(() => undefined);
  };
  const rate = async (value: number, reason?: string) => {
    if (session) await call('/im_livechat/feedback', { uuid: session.uuid, rate: value, reason }).catch(() => undefined);
    finish();
  };
  const fold = () => {
    if (!session || window.innerWidth < SMALLEST_SCREEN) return;
    const next: SessionInfo = { ...session, state: session.state === 'folded' ? 'open' : 'folded' };
    remember(next);
    setSession(next);
    if (next.state === 'open' && atBottom.current) setUnread(0);
  };
  const send = async (text: string) => {
    if (!session) return;
    try {
      const id = await postChatLine(call, session.uuid, text);
      setWrote(true);
      // The bus brings the message; add it now in case the connection is slow.
      setMessages((cur) => mergeMessages(cur, [{ id, author_id: false, body: escapeText(text), date: utcText() }]));
    } catch (err) {
      showErrorDialog(_t('Live chat'), (err as Error).message);
      throw err;
    }
  };

  // The operator's presence, checked every 30 s while a conversation is open (SPEC: partner presence check).
  useEffect(() => {
    if (!session) return;
    const check = () => call<{ state: string; operator_status: 'online' | 'away' | 'offline' }>('/im_livechat/session_status', { uuid: session.uuid })
      .then((s) => {
        setOperatorStatus(s.operator_status);
        if (s.state === 'closed') setEnded(true);
      }).catch(() => undefined);
    void check();
    const timer = setInterval(check, SPEC_TIMINGS.presenceCheck);
    return () => clearInterval(timer);
  }, [session?.uuid, call]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!available) announceSize(embedded, 0, 0);
    else if (!session) announceSize(embedded, 320, 64);
    else announceSize(embedded, 340, session.state === 'folded' ? 40 : 420);
  }, [embedded, available, session]);

  if (!available) return null;
  if (!session) {
    return (
      <button type="button" className="btn btn-primary o_livechat_button" onClick={() => open()}>{_t(options.button_text)}</button>
    );
  }
  const operatorName = session.operator_pid ? session.operator_pid[1] : options.channel_name;
  return (
    <div className="o_livechat_windows">
      <Suspense fallback={<div className="o_livechat_loading" role="status">{_t('Loading...')}</div>}>
      <ChatWindow
        title={operatorName}
        status={ended ? _t('The conversation has ended') : _t(operatorStatus)}
        unread={unread}
        folded={session.state === 'folded'}
        messages={messages}
        visitorName={_t('You')}
        placeholder={_t(options.input_placeholder)}
        // Once the operator ended the conversation the visitor can still rate it (the panel replaces the composer).
        composerDisabled={feedback || ended}
        onFold={fold}
        onClose={() => void close()}
        onSend={send}
        onBottomChange={(bottom) => {
          atBottom.current = bottom;
          if (bottom) setUnread(0);
        }}
        footer={feedback || (ended && messages.length > 0) ? <FeedbackPanel onRate={(r, reason) => void rate(r, reason)} onSkip={finish} /> : undefined}
      />
      </Suspense>
    </div>
  );
}

export default defineIsland('livechat.visitor_chat', VisitorChat);
