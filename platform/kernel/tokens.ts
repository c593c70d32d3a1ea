/*
 * Service identifiers of the platform's own services. Modules inject these (never a string name).
 */
export const ConfigToken = Symbol('Config');
export const DatabaseToken = Symbol('Database');
export const LoggerToken = Symbol('Logger');
/** The names of the modules installed in this database (`ReadonlySet<string>`). */
export const InstalledModulesToken = Symbol('InstalledModules');
