/*
 * The server face of platform/web: rendering pages, the page's contribution points (menus, layout
 * widgets), translations, localized paths, and the back office's contribution points. Browser code
 * imports `@platform/web/client` instead.
 */
export * from './render';
export * from './contribution-points';
export * from './translation-catalog';
export * from './request-dates';
export * from './json-for-script';
export * from './island';
export * from './backoffice/contribution-points';
export { localizedPath } from '@platform/common/localized-path';
export { PageRenderer } from './page-renderer';
export { renderTracked, reportIslands } from './island-tracking';
export { placeEncoded, decodeEncoded, type EncodedHtml } from './encoded-html';
export { WebAssets } from './web-assets';
