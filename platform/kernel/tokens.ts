/*
 * Service identifiers of the platform's own services. Modules inject these (never a string name).
 */
export const ConfigToken = Symbol('Config');
export const DatabaseToken = Symbol('Database');
export const LoggerToken = Symbol('Logger');
export const KernelToken = Symbol('Kernel');
