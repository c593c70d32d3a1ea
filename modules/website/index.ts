/*
 * The public face of the website module (`@modules/website`): the points modules that depend on it
 * contribute to.
 */
export { RecordWidgetContribution, type RecordRef } from './server/record-widgets';
export { SitemapContribution } from './server/sitemap-contribution';
