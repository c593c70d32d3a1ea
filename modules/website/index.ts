/*
 * The public face of the website module (`@modules/website`): the points modules that depend on it
 * contribute to.
 */
export { RecordWidgetContribution, type RecordRef } from './server/record-widgets';
export { SitemapContribution } from './server/sitemap-contribution';
export { DynamicBlockContribution } from './server/dynamic-blocks';
export { type BlockTemplate, DYNAMIC_BLOCK_ATTRIBUTE } from './web/blocks/block-catalog';
