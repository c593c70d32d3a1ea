import { inject, injectable } from 'inversify';
import type { HotPathContribution, HotPathRequest } from '../../../../platform/kernel/contribution-points';
import { isBot } from '../services/bot-detector';
import { ClickRecorder } from '../services/click-recorder';

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

  async handle({ req, res, path, ip }: HotPathRequest): Promise<boolean> {
    const code = path.slice(3);
    const cached = this.clicks.cached(code);
    const hit = cached !== undefined ? cached : await this.clicks.resolve(code);
    if (!hit) return false;
    // HEAD is what link checkers and previewers send: answered, not counted.
    if (req.method === 'GET' && !isBot(req.headers['user-agent']) && !this.clicks.recordNow(hit.linkId, ip)) await this.clicks.record(hit.linkId, ip);
    res.writeHead(301, {
      Location: hit.target,
      // A cached 301 would send the next visits straight to the target, unseen: never cache it.
      'Cache-Control': 'no-store',
      'Content-Length': '0',
    });
    res.end();
    return true;
  }
}
