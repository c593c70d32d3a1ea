/*
 * The public face of the website module (`@modules/website`): the points modules that depend on it
 * contribute to.
 */
export { RecordWidgetContribution, type RecordRef } from './server/services/record-widgets';
export { SitemapContribution } from './server/services/sitemap-contribution';
export { DynamicBlockContribution } from './server/services/dynamic-blocks';
export { type BlockTemplate, DYNAMIC_BLOCK_ATTRIBUTE, BLOCK_OPTIONS_EVENT, type BlockOptionsEvent, type BlockOptionsRequest } from './web/blocks/block-catalog';
export { homePageContent } from './web/blocks/home-page-content';
export { pageTermRecords } from './data/page-term-records';
/** A picture that magnifies under the pointer, only on screens of 468 px and wider (the spec): for product and gallery pictures. */
export { default as ImageZoom, ZOOM_MEDIA_QUERY } from './web/islands/image-zoom';
