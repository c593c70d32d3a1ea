/* The face of platform/db: what module migrations and services use of the connection. */
export * from './schema';
export { dialectOf, knexDialect, type Dialect } from './connection';
export { isUniqueViolation } from './constraint-violation';
export { WriteSignal, stopWriteSignals } from './write-signal';
export type { TableWrite, TableWriteWatcher } from './table-writes';
