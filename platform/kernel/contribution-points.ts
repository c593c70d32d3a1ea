import type { ModelDefinition } from '../orm/model-definition';
import type { RouteDefinition } from '../http/route-definition';
import type { Env } from '../orm/environment';
import type http from 'node:http';

/*
 * Contribution points: an interface plus a Symbol of the same name. Modules bind implementations in
 * their ContainerModule (`bind(ModelContribution).to(MyModels)`); the platform reads them through a
 * ContributionProvider so it can tell which module contributed what (for the per-site gate).
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
  run(env: Env): Promise<void>;
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
