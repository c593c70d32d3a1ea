/*
 * Service identifiers of the platform's own services. Modules inject these (never a string name).
 */
export const ConfigToken = Symbol('Config');
export const DatabaseToken = Symbol('Database');
export const LoggerToken = Symbol('Logger');
/** The names of the modules installed in this database (`ReadonlySet<string>`). */
export const InstalledModulesToken = Symbol('InstalledModules');
/** The modules loaded in this process, in dependency order (`DiscoveredModule[]`). */
export const LoadedModulesToken = Symbol('LoadedModules');
/** Every module found on disk, installed or not (`DiscoveredModule[]`): sites gate on them. */
export const DiscoveredModulesToken = Symbol('DiscoveredModules');
