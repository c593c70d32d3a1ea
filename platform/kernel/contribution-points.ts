import type { ModelDefinition } from '../orm/model-definition';
import type { RouteDefinition } from '../http/route-definition';
import type { Env } from '../orm/environment';
import type http from 'node:http';
import type { ReactElement } from 'react';
import type { RequestContext } from '../http/route-definition';

/*
 * The platform's contribution points: an interface plus a Symbol of the same name. Modules bind
 * implementations in their ContainerModule (`bindContribution(bind, ModelContribution, MyModels)`);
 * consumers inject the point's ContributionProvider (`@injectContributions(MenuContribution)`), which
 * knows which module bound each contribution (for the per-site gate). A module defines its own points
 * the same way, next to their consumer, and declares them with `bindContributionProvider(bind, Point)`.
 */

/** Models and model extensions (`inherit`) a module defines. */
export interface ModelContribution {
  models(): ModelDefinition[];
}
export const ModelContribution = Symbol('ModelContribution');

/** Koa routes of a module; the module gate answers 404 for them on sites where it is disabled. */
export interface RouteContribution {
  routes(): RouteDefinition[];
}
export const RouteContribution = Symbol('RouteContribution');

/** An entry of the website's main menu; shown only on sites where the owning module is enabled. */
export interface MenuEntry {
  name: string;
  url: string;
  sequence: number;
  /** Shown only to signed-in users of one of these groups (external ids); to everybody when absent. */
  groups?: string[];
}
export interface MenuContribution {
  menuEntries(): MenuEntry[];
}
export const MenuContribution = Symbol('MenuContribution');

/** Something to run periodically; claimed through the database so only one process runs it at a time. */
export interface ScheduledJob {
  /** Unique, e.g. `link_tracker.flush_clicks`. */
  name: string;
  intervalSeconds: number;
  /** `stopping` is aborted when the process stops: a long job should wind down (it is waited for). */
  run(env: Env, stopping: AbortSignal): Promise<void>;
}
export interface JobContribution {
  jobs(): ScheduledJob[];
}
export const JobContribution = Symbol('JobContribution');

/** Hooks around the life of a process: after the database is ready, and before it stops. */
export interface LifecycleContribution {
  onStart?(): Promise<void> | void;
  onStop?(): Promise<void> | void;
}
export const LifecycleContribution = Symbol('LifecycleContribution');

/** URLs a module publishes in sitemap.xml (per site and language). */
export interface SitemapContribution {
  sitemapUrls(env: Env): Promise<string[]>;
}
export const SitemapContribution = Symbol('SitemapContribution');

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
  /** Answers with an empty body: `headers` as name, value, ...; the platform's security headers are added. */
  reply(status: number, headers: string[]): void;
}
export const HotPathContribution = Symbol('HotPathContribution');

/** A command a module adds to `npm run cli` (e.g. `mailing send <id>`), run on a booted kernel. */
export interface CliCommand {
  /** Two words, as the built-in commands: `mailing send`. */
  name: string;
  /** Line shown by `help`, e.g. `mailing send <id>   send a mailing, showing its progress`. */
  usage: string;
  /** Throws UsageError on a bad command line (exit 2), UserError on expected failures (exit 1). */
  run(argv: string[], env: Env): Promise<void>;
}
export interface CliCommandContribution {
  commands(): CliCommand[];
}
export const CliCommandContribution = Symbol('CliCommandContribution');

/**
 * Something shown on every page of the sites where the module is enabled, outside the page content
 * (e.g. the live chat button). Rendered after the page inside the same web context, so islands work.
 */
export interface LayoutWidgetContribution {
  renderForPage(req: RequestContext): Promise<ReactElement | null>;
}
export const LayoutWidgetContribution = Symbol('LayoutWidgetContribution');
