/*
 * The face of platform/common: pure helpers shared by the server and the browser (no Node or DOM API).
 * Modules import `@platform/common`, never a file inside.
 */
export * from './absolute-url';
export * from './count-text';
export * from './email-pattern';
export * from './html-text';
export * from './localized-path';
export * from './login-url';
export * from './utc-text';
