/*
 * The face of platform/orm: models (definitions, fields, contributions), environments, record rules'
 * vocabulary. Modules import `@platform/orm`, never a file inside.
 */
export * from './environment';
export * from './model-definition';
export * from './fields';
export * from './model-contribution';
export * from './sql-values';
export { EnvFactory, type ActingUser } from './env-factory';
export { ADMIN_GROUP } from './access-control';
export { type Row, displayNames, pickTranslation } from './record-reader';
export { MAX_PATH_HOPS } from './domain-limits';
export { removeDataRecord } from './data-loader';
