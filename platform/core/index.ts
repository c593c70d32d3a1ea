/*
 * The face of platform/core, the shared vocabulary: errors, tokens, contribution points, manifests,
 * lifecycle hooks, configuration. Modules import `@platform/core`, never a file inside.
 */
export * from './errors';
export * from './tokens';
export * from './contribution';
export * from './manifest';
export * from './data-record';
export * from './lifecycle';
export * from './domain-types';
export * from './coalesced-runs';
export * from './batched-writer';
export * from './detached-work';
export { type Config, loadConfig } from './config';
export * from './request-scope';
