/* The public face of the link tracker (`@modules/link_tracker`): short links for other modules. */
export { LinkService } from './server/services/link-service';
