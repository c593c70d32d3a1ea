/*
 * The public face of slides: other modules import this file only (`@modules/slides`), and only
 * when their manifest depends on slides. Everything else in this folder may change without notice.
 */
export { CHANNEL_MODEL } from './server/models/slide-channel';
export { SLIDE_MODEL } from './server/models/slide-slide';
export { VOTE_MODEL } from './server/models/slide-vote';
export { EMBED_MODEL } from './server/models/slide-embed';
export { SlideUploads } from './server/services/slide-uploads';
export { SlideVotes } from './server/services/slide-votes';
export { ShareMails } from './server/services/share-mails';
export { UrlPreviews, type PreviewEndpoints } from './server/services/url-preview';
export { addSlideSchema, type AddSlideValues } from './common/slide-schemas';
export * from './common/slide-constants';
