import type { ContainerModule } from 'inversify';
import type { DataRecord } from './data-record';
import type { AccessRight, RecordRule, GroupDefinition } from './access-types';

/**
 * What a module says about itself. Everything the kernel needs to load, install and gate a module
 * is here; behaviour lives in the server entry's ContainerModule.
 */
export interface ModuleManifest {
  /** Technical name, equal to the folder name (e.g. `link_tracker`). */
  name: string;
  version: string;
  /** The name an administrator reads (the Apps screen): `Live Chat`, not `livechat`. */
  displayName?: string;
  /** One line saying what the module gives a site, for the Apps screen. */
  summary: string;
  /** The colour of the module's tile on the Apps screen (a CSS colour; its initials are written on it). */
  color?: string;
  /**
   * Part of the platform rather than a feature of a site (the bus, outgoing mail, glue between two
   * modules): on for every site where its dependents are, never switched off by an administrator.
   */
  infrastructure?: boolean;
  /** Modules that must be installed and loaded first (`base` is implicit). */
  depends: string[];
  /** Installed by `db init` without being asked for. */
  autoInstall?: boolean;
  /**
   * Bindings of the module: models, routes, services, contributions. Loaded in dependency order.
   * Required lazily (a module that is not installed loads no code), with the file's own type:
   * `() => (require('./server/x-module') as typeof import('./server/x-module')).xModule`.
   */
  server?: () => ContainerModule;
  /** Browser side: island files and styles, bundled per site by platform/web. */
  web?: WebEntry;
  /** Folder (relative to the module) of timestamp-named knex migrations. */
  migrations?: string;
  /**
   * Tables written often whose content no anonymous visitor's page shows (click logs, send queues):
   * their writes do not empty the public page cache.
   */
  unseenTables?: string[];
  /** Groups the module adds (res.groups records). */
  groups?: GroupDefinition[];
  /** Access rights as data: model x group x read/write/create/unlink. */
  access?: AccessRight[];
  /** Record rules: a domain per group and operation. */
  rules?: RecordRule[];
  /** Records loaded at install and re-applied at upgrade (required lazily, like `server`). */
  data?: () => DataRecord[] | Promise<DataRecord[]>;
  /** Records loaded once, at install, when DEMO is on. */
  demo?: () => DataRecord[] | Promise<DataRecord[]>;
}

export interface WebEntry {
  /**
   * Absolute paths of the module's islands. Each file exports `defineIsland('<module>.<widget>', C)` as
   * default: the name is written there only, and the boot fails when a file does not.
   */
  islands?: string[];
  /** Absolute paths of CSS files added to the site stylesheet where the module is enabled. */
  styles?: string[];
}

/** A manifest together with where it was found. */
export interface DiscoveredModule {
  manifest: ModuleManifest;
  /** Absolute folder of the module. */
  path: string;
}

/** Identity helper so manifests are type-checked where they are written. */
export function defineManifest(manifest: ModuleManifest): ModuleManifest {
  return manifest;
}
