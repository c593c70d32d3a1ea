import WebSocket from 'ws';
import type { TestKernel } from '../../../test/support/harness';
import type { Notification } from '../server/services/bus-options';
import { BusOptions } from '../server/services/bus-options';

/** A WebSocket test client that queues what the server sends and waits for it. */
export class WsProbe {
  readonly frames: unknown[] = [];
  private waiters: Array<() => void> = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(baseUrl: string, opts: { cookie?: string; origin?: string; query?: string } = {}): Promise<WsProbe> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/websocket${opts.query ?? ''}`;
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (opts.origin) headers.Origin = opts.origin;
    const socket = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsProbe(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  subscribe(channels: string[], last = 0, options: Record<string, unknown> = {}): void {
    this.socket.send(JSON.stringify({ event_name: 'subscribe', data: { channels, last, options } }));
  }

  /** The next frame, or throws after `ms`. */
  async next(ms = 2000): Promise<unknown> {
    const deadline = Date.now() + ms;
    while (this.frames.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no frame within timeout');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.frames.shift();
  }

  /** Notifications received until `count` of them arrived. */
  async notifications(count: number, ms = 3000): Promise<Notification[]> {
    const out: Notification[] = [];
    while (out.length < count) {
      const frame = await this.next(ms);
      if (!Array.isArray(frame)) throw new Error(`unexpected frame ${JSON.stringify(frame)}`);
      out.push(...(frame as Notification[]));
    }
    return out;
  }

  /** Asserts nothing arrives within `ms`. */
  async silent(ms = 300): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    if (this.frames.length) throw new Error(`expected silence, got ${JSON.stringify(this.frames)}`);
  }

  close(): void {
    this.socket.terminate();
  }
}

export function busOptions(tk: TestKernel): BusOptions {
  return tk.kernel.container.get<BusOptions>(BusOptions);
}
