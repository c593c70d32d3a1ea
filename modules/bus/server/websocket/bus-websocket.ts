import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { ValidationError as YupValidationError } from 'yup';
import { RequestIdentityResolver, type ServerContribution, SessionStore, sessionCookie, SiteService } from '@platform/http';
import type { Knex } from 'knex';
import { DatabaseToken, LoggerToken } from '@platform/core';
import { BusOptions } from '../services/bus-options';
import { pollOptionsSchema, channelsSchema } from '../routes/poll-params';
import { BusDispatcher } from '../services/bus-dispatcher';
import { BusService } from '../services/bus-service';
import { ChannelAuthority, type BusRequester } from '../services/channel-authority';
import { PresenceService } from '../services/presence-service';
import { BusConnection } from './bus-connection';

const MAX_FRAME = 64 * 1024;
/** Ping period: a client that misses one pong is dropped; connected users are kept online meanwhile. */
const HEARTBEAT_MS = 30_000;

/**
 * The upgrade request's target as a URL, or undefined when it does not parse: an absolute target
 * such as `http://[` is valid HTTP syntax to Node's parser but throws in `new URL`, and a throw in
 * an 'upgrade' listener would stop the process.
 */
function parseTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://localhost');
  } catch {
    return undefined;
  }
}

interface ClientMessage {
  event_name?: unknown;
  data?: Record<string, unknown>;
}

/**
 * The WebSocket endpoint (`/websocket`): the same notifications as `/longpolling/poll`, pushed.
 * Client -> server frames: `{"event_name":"subscribe","data":{"channels":[...],"last":N,"options":{}}}`
 * and `{"event_name":"update_presence","data":{"inactivity_period":ms}}`. Server -> client: arrays of
 * `{id, channel, message}`, or `{"error":{name, message}}`. Who the client is comes from the session
 * cookie of the upgrade request (or a `session_id` query parameter, for the embedded chat); which
 * channels it gets is decided by the ChannelAuthority on each subscribe, with the session re-read.
 */
@injectable()
export class BusWebSocket implements ServerContribution {
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_FRAME, clientTracking: false });
  private readonly connections = new Set<BusConnection>();
  private heartbeatTimer?: NodeJS.Timeout;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(BusOptions) private readonly options: BusOptions,
    @inject(BusService) private readonly bus: BusService,
    @inject(BusDispatcher) private readonly dispatcher: BusDispatcher,
    @inject(ChannelAuthority) private readonly authority: ChannelAuthority,
    @inject(PresenceService) private readonly presence: PresenceService,
    @inject(SiteService) private readonly sites: SiteService,
    @inject(RequestIdentityResolver) private readonly identities: RequestIdentityResolver,
    @inject(SessionStore) private readonly sessions: SessionStore,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  attach(server: http.Server): void {
    server.on('upgrade', (req, socket, head) => {
      const url = parseTarget(req.url);
      if (!url) {
        socket.destroy();
        return;
      }
      if (url.pathname !== this.options.websocketPath) {
        if (server.listenerCount('upgrade') === 1) socket.destroy();
        return;
      }
      this.upgrade(req, socket, head, url).catch((err) => {
        this.logger.error({ err }, 'websocket upgrade failed');
        reject(socket, 500, 'Internal Server Error');
      });
    });
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  async close(): Promise<void> {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    for (const c of this.connections) {
      c.unsubscribe?.();
      c.socket.terminate();
    }
    this.connections.clear();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  private async upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const host = req.headers.host ?? '';
    const origin = req.headers.origin;
    // Browsers always send Origin: refuse pages of other sites using the visitor's cookie.
    // The embedded chat authenticates with an explicit session id instead of the cookie.
    const explicitSid = url.searchParams.get('session_id') ?? undefined;
    if (origin && !explicitSid && !sameHost(origin, host)) return reject(socket, 403, 'Forbidden');
    const site = await this.sites.resolve(host);
    if (!site.modules.has('bus')) return reject(socket, 404, 'Not Found');
    const sid = explicitSid ?? sessionCookie(req);
    const identity = await this.identities.resolve(site, sid);
    // An explicit session id only ever stands for an anonymous visitor, never for a (former) user's session.
    if (explicitSid && (!identity.isPublic || identity.signedOut)) return reject(socket, 403, 'Forbidden');
    const userId = identity.isPublic ? null : identity.user.id;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, sid && !identity.sessionExpired ? sid : undefined, userId, site.id));
  }

  private open(ws: WebSocket, sid: string | undefined, userId: number | null, siteId: number): void {
    const connection = new BusConnection(ws, sid, userId);
    this.connections.add(connection);
    ws.on('pong', () => (connection.alive = true));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return connection.sendError('ValidationError', 'Frames must be JSON text');
      void this.onMessage(connection, siteId, data.toString()).catch((err) => {
        this.logger.error({ err }, 'websocket message failed');
        connection.sendError('InternalError', 'An internal error occurred. It has been logged.');
      });
    });
    ws.on('close', () => {
      connection.unsubscribe?.();
      this.connections.delete(connection);
    });
    ws.on('error', () => ws.terminate());
  }

  private async onMessage(connection: BusConnection, siteId: number, text: string): Promise<void> {
    let msg: ClientMessage;
    try {
      msg = JSON.parse(text) as ClientMessage;
    } catch {
      return connection.sendError('ValidationError', 'Malformed JSON');
    }
    const data = msg && typeof msg === 'object' && msg.data && typeof msg.data === 'object' ? msg.data : {};
    if (msg?.event_name === 'subscribe') return this.subscribe(connection, siteId, data);
    if (msg?.event_name === 'update_presence') {
      const inactivity = Number(data.inactivity_period);
      if (connection.userId !== null && Number.isFinite(inactivity) && inactivity >= 0) await this.presence.update(connection.userId, inactivity);
      return;
    }
    connection.sendError('ValidationError', 'Unknown event');
  }

  private async subscribe(connection: BusConnection, siteId: number, data: Record<string, unknown>): Promise<void> {
    let channels: string[];
    let options: { bus_inactivity?: number };
    try {
      channels = (await channelsSchema.validate(data.channels ?? [], { strict: true })) as string[];
      options = await pollOptionsSchema.validate(data.options ?? {}, { strict: true });
    } catch (err) {
      if (err instanceof YupValidationError) return connection.sendError('ValidationError', err.message);
      throw err;
    }
    const last = Number.isInteger(data.last) && (data.last as number) >= 0 ? (data.last as number) : 0;
    const requester = await this.requester(connection, siteId);
    if (!requester) return connection.sendError('SessionExpiredException', 'Session expired');
    if (!requester.isPublic) await this.presence.update(requester.user.id, options.bus_inactivity);
    const allowed = await this.authority.resolve(requester, channels);

    connection.unsubscribe?.();
    connection.channels = new Set(allowed);
    connection.holdLive(last);
    connection.unsubscribe = this.dispatcher.subscribe(connection);
    try {
      const marker = await this.bus.tooOld(last);
      connection.release(marker ? [marker] : await this.bus.fetch(allowed, last));
    } catch (err) {
      connection.release([]);
      throw err;
    }
  }

  /** Re-reads the session, so channels follow what happened since the connection opened (a new chat, a logout). */
  private async requester(connection: BusConnection, siteId: number): Promise<BusRequester | null> {
    const identity = await this.identities.resolve(await this.sites.get(siteId), connection.sid);
    if (identity.sessionExpired) return null;
    if (connection.userId !== null && (identity.isPublic || identity.user.id !== connection.userId)) return null;
    return identity;
  }

  /** Every 30 s: drops dead peers and ended sessions, keeps connected users online. */
  async heartbeat(): Promise<void> {
    const users = new Set<number>();
    const logged: BusConnection[] = [];
    for (const c of this.connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
      if (c.userId !== null) {
        users.add(c.userId);
        logged.push(c);
      }
    }
    try {
      await this.dropEndedSessions(logged);
      await this.presence.touch([...users]);
    } catch (err) {
      this.logger.warn({ err }, 'websocket heartbeat failed');
    }
  }

  /**
   * A user who logged out (or whose session expired) stops hearing its channels: its socket is closed
   * and the browser reconnects as what it now is. Checked in batches, not one query per connection.
   */
  private async dropEndedSessions(connections: BusConnection[]): Promise<void> {
    for (let i = 0; i < connections.length; i += 1000) {
      const batch = connections.slice(i, i + 1000);
      const live = await this.sessions.usersOf(batch.map((c) => c.sid!));
      for (const c of batch) {
        if (live.get(c.sid!) !== c.userId) c.socket.close(4001, 'session ended');
      }
    }
  }
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
