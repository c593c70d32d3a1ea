import type http from 'node:http';
import type { RouteDefinition } from './route-definition';

/*
 * The points the HTTP layer reads. Modules bind implementations in their ContainerModule
 * (`bindContribution(bind, RouteContribution, MyRoutes)`); the HTTP layer injects each point's provider,
 * which knows the module that bound every contribution (for the per-site module gate).
 */

/** Koa routes of a module; the module gate answers 404 for them on sites where it is disabled. */
export interface RouteContribution {
  routes(): RouteDefinition[];
}
export const RouteContribution = Symbol('RouteContribution');

/**
 * Hooks on the raw HTTP server, e.g. a WebSocket endpoint answering `upgrade` requests. `close` runs
 * before the server stops, so long-lived connections are ended instead of holding the shutdown.
 */
export interface ServerContribution {
  attach(server: http.Server): void;
  close?(): Promise<void> | void;
}
export const ServerContribution = Symbol('ServerContribution');

/**
 * A very frequent request answered before the Koa pipeline (no session, user or ORM environment), e.g.
 * short-link redirects. Only requests whose owning module is enabled on the request's site get here;
 * `handle` answers (true) or leaves the request to the normal pipeline (false).
 */
export interface HotPathContribution {
  /** Cheap test on method and path (no query string); nothing else is looked at for other requests. */
  matches(method: string, path: string): boolean;
  /** True when answered (synchronously, or later), false to let the next hot path or Koa answer. */
  handle(request: HotPathRequest): boolean | Promise<boolean>;
}
export interface HotPathRequest {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** The path without the query string. */
  path: string;
  /** The client address, as `RequestContext.ip` has it (the address the first trusted proxy appended to X-Forwarded-For). */
  ip: string;
  /** Answers with an empty body: `headers` as name, value, ...; the platform adds the referrer policy (the security header a bodiless answer needs). */
  reply(status: number, headers: string[]): void;
}
export const HotPathContribution = Symbol('HotPathContribution');
