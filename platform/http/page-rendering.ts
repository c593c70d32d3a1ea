import type { RequestContext } from './route-definition';

/**
 * Turns what an http route returned into the HTML of a page in the site's layout, and renders error
 * pages. The web layer (React) binds it; the HTTP layer only knows this interface, so it stays below.
 */
export interface PageRendering {
  render(req: RequestContext, result: unknown): Promise<string>;
  /** `render` as the UTF-8 bytes to send (what the route dispatcher sends). */
  renderBytes(req: RequestContext, result: unknown): Promise<Buffer>;
  renderError(req: RequestContext, status: number, message: string): Promise<string>;
}
export const PageRendering = Symbol('PageRendering');
