/* The public face of the link tracker (`@modules/link_tracker`): short links for other modules. */
export { LinkService } from './server/services/link-service';
/** Counts recorded clicks into the statistics rollup again (clicks written in raw SQL, e.g. by a benchmark). */
export { rebuildRollup } from './server/services/click-rollup';
