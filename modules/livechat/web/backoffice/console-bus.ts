import { type BusNotification, sharedBus } from '@platform/web/client/bus';

/** The live chat events the console and the top-bar item react to. */
export interface ConsoleEvent {
  type: 'livechat.session' | 'livechat.closed' | 'livechat.seen' | 'livechat.visitor_page' | 'livechat.rating' | 'mail.message';
  /** The conversation concerned (mail.channel id), when known. */
  channelId: number | null;
  message?: { id: number; author_id: [number, string] | false; body: string; date: string };
  closedBy?: 'visitor' | 'operator';
}

const CONVERSATION = /^mail\.channel:(\d+)$/;

/**
 * Listens to the live chat on the tab's shared bus connection (one per browser, shared by its tabs:
 * while it is open the bus reports the operator's presence every 30 s). A new conversation is named to
 * the bus so that the connection re-subscribes and the server adds it to what the operator hears.
 */
export function listenToLivechat(partnerId: number | null, onEvent: (e: ConsoleEvent) => void): () => void {
  const bus = sharedBus();
  const own = partnerId === null ? '' : `res.partner:${partnerId}`;
  const added: string[] = [];
  const off = bus.onNotification((ns: BusNotification[]) => {
    for (const n of ns) {
      const msg = (n.message ?? {}) as Record<string, unknown>;
      const type = msg.type as ConsoleEvent['type'] | undefined;
      if (n.channel === own) {
        if (type === 'livechat.session') {
          const channel = msg.channel as { id: number; uuid: string } | undefined;
          if (channel) {
            bus.addChannel(channel.uuid);
            added.push(channel.uuid);
          }
          onEvent({ type, channelId: channel?.id ?? null });
        } else if (type === 'livechat.seen') {
          onEvent({ type, channelId: Number(msg.channel_id) || null });
        }
        continue;
      }
      const match = CONVERSATION.exec(n.channel);
      if (!match || !type) continue;
      const channelId = Number(match[1]);
      if (type === 'mail.message') onEvent({ type, channelId, message: msg.message as ConsoleEvent['message'] });
      else if (type === 'livechat.closed') onEvent({ type, channelId, closedBy: msg.closed_by as ConsoleEvent['closedBy'] });
      else if (type === 'livechat.visitor_page' || type === 'livechat.rating') onEvent({ type, channelId });
    }
  });
  return () => {
    off();
    for (const uuid of added) bus.removeChannel(uuid);
  };
}

/** Runs `fn` at most once per `ms`, at the end of a burst (a burst of messages makes one reload). */
export function coalesce(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
}
