/*
 * The browser face of platform/web for islands: defining an island, the page's context (session,
 * translations, dates), rpc, dialogs. The rich-text editor and the bus client have faces of their own
 * (`@platform/web/client/editor`, `@platform/web/client/bus`) so that an island that does not use
 * them does not carry them.
 */
export * from '../island';
export * from './web-context';
export * from './rpc';
export * from './dates';
export * from './dialog';
export * from './modal-dialog';
