import { useCallback, useEffect, useRef, useState } from 'react';
import { type BusNotification, sharedBus } from '@platform/web/client/bus';
import { defineIsland, rpc, showErrorDialog, useSession, useT } from '@platform/web/client';
import { utcText } from '@platform/common';
import { postChatLine } from '../chat-rpc';
import { ChatWindow } from '../components/chat-window';
import { escapeText, mergeMessages, type ThreadMessage } from '../thread-logic';

interface OperatorSession {
  id: number;
  uuid: string;
  name: string;
  anonymous_name: string | false;
  country: string | false;
  state: 'open' | 'closed';
}

interface WindowState {
  session: OperatorSession;
  messages: ThreadMessage[];
  folded: boolean;
  unread: number;
  atBottom: boolean;
  visitorLeft: boolean;
}

/** The operator's conversations, one chat window each, updated live through the bus. */
function OperatorChats() {
  const _t = useT();
  const me = useSession();
  const [windows, setWindows] = useState<WindowState[]>([]);
  /** Set when the open conversations could not be listed, so the page does not claim there are none. */
  const [listFailed, setListFailed] = useState(false);
  const windowsRef = useRef(windows);
  windowsRef.current = windows;

  const update = (id: number, change: (w: WindowState) => WindowState) => setWindows((ws) => ws.map((w) => (w.session.id === id ? change(w) : w)));
  const reportError = useCallback((err: unknown) => showErrorDialog(_t('Live chat'), (err as Error).message), [_t]);

  /** Opens a window for the session and fills it with the history; rejects when the history cannot be read. */
  const add = useCallback(async (session: OperatorSession) => {
    if (windowsRef.current.some((w) => w.session.id === session.id)) return;
    setWindows((ws) => (ws.some((w) => w.session.id === session.id) ? ws : [...ws, { session, messages: [], folded: false, unread: 0, atBottom: true, visitorLeft: false }]));
    const history = await rpc<ThreadMessage[]>('/mail/chat_history', { uuid: session.uuid, limit: 100 });
    update(session.id, (w) => ({ ...w, messages: mergeMessages(w.messages, history.reverse()) }));
  }, []);

  /**
   * The conversations already open when the page loads. A failure is reported, not shown as an empty
   * page or thread; one dialog however many histories fail (they usually fail together).
   */
  const loadOpen = useCallback(async () => {
    let list: OperatorSession[];
    try {
      list = await rpc<OperatorSession[]>('/im_livechat/operator/sessions');
    } catch (err) {
      setListFailed(true);
      reportError(err);
      return;
    }
    const results = await Promise.allSettled(list.reverse().map((s) => add(s)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) reportError(failed.reason);
  }, [add, reportError]);

  useEffect(() => {
    void loadOpen();
    const bus = sharedBus();
    const partnerChannel = `res.partner:${me.partnerId}`;
    const off = bus.onNotification((ns: BusNotification[]) => {
      for (const n of ns) {
        const msg = n.message as { type?: string; channel?: OperatorSession; message?: ThreadMessage };
        if (n.channel === partnerChannel && msg.type === 'livechat.session' && msg.channel) {
          const session = msg.channel;
          // Naming the new session makes the connection re-subscribe, and the server now counts us as a member.
          bus.addChannel(session.uuid);
          add(session).catch(reportError);
          continue;
        }
        const id = Number(n.channel.startsWith('mail.channel:') ? n.channel.slice('mail.channel:'.length) : NaN);
        if (!id) continue;
        if (msg.type === 'mail.message' && msg.message) {
          const incoming = msg.message;
          update(id, (w) => {
            const messages = mergeMessages(w.messages, [incoming]);
            const unseen = messages !== w.messages && (w.folded || !w.atBottom);
            return { ...w, messages, unread: w.unread + (unseen ? 1 : 0) };
          });
        } else if (msg.type === 'livechat.closed') {
          update(id, (w) => ({ ...w, visitorLeft: true }));
        }
      }
    });
    return off;
  }, [add, loadOpen, reportError, me.partnerId]);

  const send = async (w: WindowState, text: string) => {
    try {
      const id = await postChatLine(rpc, w.session.uuid, text);
      update(w.session.id, (x) => ({ ...x, messages: mergeMessages(x.messages, [{ id, author_id: [me.partnerId ?? 0, me.name], body: escapeText(text), date: utcText() }]) }));
    } catch (err) {
      showErrorDialog(_t('Live chat'), (err as Error).message);
      throw err;
    }
  };

  if (windows.length === 0) {
    // On every page of the site: nothing to show while there is no conversation (the windows come with
    // the first visitor); a failure is told where the windows would be, as a note, not under the footer.
    if (!listFailed) return null;
    return (
      <div className="o_livechat_windows o_livechat_operator">
        <p className="o_livechat_operator_empty alert alert-warning small mb-2" role="status">{_t('The conversations could not be loaded. Reload the page to try again.')}</p>
      </div>
    );
  }
  return (
    <div className="o_livechat_windows o_livechat_operator">
      {windows.map((w) => {
        const visitor = w.session.anonymous_name || _t('Visitor');
        return (
          <ChatWindow
            key={w.session.id}
            title={visitor}
            status={w.visitorLeft ? _t('The visitor left') : w.session.country || undefined}
            unread={w.unread}
            folded={w.folded}
            messages={w.messages}
            visitorName={visitor}
            placeholder={_t('Say something')}
            composerDisabled={w.visitorLeft}
            onFold={() => update(w.session.id, (x) => ({ ...x, folded: !x.folded, unread: x.folded && x.atBottom ? 0 : x.unread }))}
            onClose={() => {
              sharedBus().removeChannel(w.session.uuid);
              setWindows((ws) => ws.filter((x) => x.session.id !== w.session.id));
            }}
            onSend={(text) => send(w, text)}
            onBottomChange={(atBottom) => update(w.session.id, (x) => ({ ...x, atBottom, unread: atBottom ? 0 : x.unread }))}
          />
        );
      })}
    </div>
  );
}

export default defineIsland('livechat.operator_chats', OperatorChats);
