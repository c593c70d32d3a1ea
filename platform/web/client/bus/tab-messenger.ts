/** A message between the tabs of one site. */
export interface TabMessage {
  type: 'master' | 'peer' | 'channels' | 'notifications' | 'leaving';
  from: string;
  [key: string]: unknown;
}

/** Sends and receives messages between the tabs of this site (never to itself). */
export interface TabMessenger {
  post(message: TabMessage): void;
  onMessage(handler: (message: TabMessage) => void): void;
  close(): void;
}

/** BroadcastChannel where the browser has it; otherwise `storage` events of localStorage. */
export function createTabMessenger(name: string, storage: Storage | null): TabMessenger {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(name);
    return {
      post: (m) => channel.postMessage(m),
      onMessage: (h) => channel.addEventListener('message', (e: MessageEvent<TabMessage>) => h(e.data)),
      close: () => channel.close(),
    };
  }
  const key = `${name}.message`;
  let handler: ((m: TabMessage) => void) | undefined;
  const listener = (e: StorageEvent) => {
    if (e.key === key && e.newValue) handler?.((JSON.parse(e.newValue) as { m: TabMessage }).m);
  };
  window.addEventListener('storage', listener);
  let seq = 0;
  return {
    // A changing value, or two equal messages in a row would not fire the event.
    post: (m) => storage?.setItem(key, JSON.stringify({ m, seq: seq++, at: Date.now() })),
    onMessage: (h) => (handler = h),
    close: () => window.removeEventListener('storage', listener),
  };
}
