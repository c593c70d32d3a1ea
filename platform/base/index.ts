/*
 * The public face of `base`, the built-in module: what other modules may use. Import it as
 * `@platform/base`, never a file inside.
 */
export { SiteAdmin } from './server/services/site-admin';
export { SiteUrls } from './server/services/site-urls';
export { ConfigParameters } from './server/services/config-parameters';
export { UserAccounts } from './server/services/user-accounts';
export { People, type PartnerAddress } from './server/services/people';
export { AttachmentStore } from './server/services/attachment-store';
export { SOCIAL_NETWORKS } from './server/models/website';
export { checkRasterImage, ImageRejected } from './server/services/image-check';
