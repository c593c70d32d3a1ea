import { inject, injectable } from 'inversify';
import type { HotPathContribution, HotPathRequest } from '@platform/http';
import { countsAsVisit } from '../services/bot-detector';
import { ClickRecorder, type ResolvedCode } from '../services/click-recorder';
import { withVisitorQuery } from '../services/redirect-url';

const SHORT_LINK = /^\/r\/([A-Za-z0-9_-]{1,64})$/;

/**
 * GET /r/<code> answered before the Koa pipeline: a cached code lookup, a buffered click and a 301.
 * Unknown codes, `/r/<code>+` and anything unusual fall through to the Koa route (404 page, statistics).
 */
@injectable()
export class RedirectHotPath implements HotPathContribution {
  constructor(@inject(ClickRecorder) private readonly clicks: ClickRecorder) {}

  matches(method: string, path: string): boolean {
    return (method === 'GET' || method === 'HEAD') && SHORT_LINK.test(path);
  }

  handle(request: HotPathRequest): boolean | Promise<boolean> {
    // The usual case answers synchronously: a cached code and a visitor whose country is known.
    const hit = this.clicks.cached(request.path.slice(3));
    if (hit === undefined) return this.resolveAndRedirect(request);
    if (hit === null) return false; // unknown code: the Koa route answers the 404 page
    if (!this.counts(request)) return this.redirect(request, hit);
    // Answered once the click is in the journal, at the end of this turn of the event loop.
    if (this.clicks.recordNowThen(hit.linkId, request.ip, () => this.redirect(request, hit))) return true;
    return this.recordAndRedirect(request, hit);
  }

  private async resolveAndRedirect(request: HotPathRequest): Promise<boolean> {
    const hit = await this.clicks.resolve(request.path.slice(3));
    if (!hit) return false;
    return this.counts(request) ? this.recordAndRedirect(request, hit) : this.redirect(request, hit);
  }

  private async recordAndRedirect(request: HotPathRequest, hit: ResolvedCode): Promise<boolean> {
    await this.clicks.record(hit.linkId, request.ip);
    return this.redirect(request, hit);
  }

  private counts({ req }: HotPathRequest): boolean {
    return countsAsVisit(req.method, req.headers['user-agent']);
  }

  private redirect(request: HotPathRequest, hit: ResolvedCode): boolean {
    const url = request.req.url ?? '';
    const q = url.indexOf('?');
    const location = q >= 0 ? withVisitorQuery(hit.target, url.slice(q + 1)) : hit.target;
    // A cached 301 would send the next visits straight to the target, unseen: never cache it.
    request.reply(301, ['Location', location, 'Cache-Control', 'no-store']);
    return true;
  }
}
