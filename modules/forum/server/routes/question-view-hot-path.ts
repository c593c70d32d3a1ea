import { inject, injectable } from 'inversify';
import type { HotPathContribution, HotPathRequest } from '@platform/http';
import { ViewCounter } from '../services/view-counter';

/** `/forum/<forum>/question/<question slug>`, under a language prefix or not; the id ends the slug. */
const QUESTION_PAGE = /^(?:\/[A-Za-z_@-]{2,16})?\/forum\/[\w-]{1,200}\/question\/(?:[\w-]{0,200}-)?(\d{1,9})$/;

/**
 * Counts a view of a question page before the pipeline answers it (from the public page cache or
 * by rendering it, which shows this view in the count), then leaves the request to Koa. Only a page
 * actually shown counts: once the response is done, a view whose answer was not a 200 (a 404 for a
 * question the visitor may not see, a redirect to another language) is taken back.
 */
@injectable()
export class QuestionViewHotPath implements HotPathContribution {
  constructor(@inject(ViewCounter) private readonly views: ViewCounter) {}

  matches(method: string, path: string): boolean {
    return method === 'GET' && path.includes('/question/') && QUESTION_PAGE.test(path);
  }

  handle(request: HotPathRequest): boolean {
    const id = Number(QUESTION_PAGE.exec(request.path)?.[1] ?? 0);
    if (id > 0) {
      this.views.count(id);
      request.res.once('close', () => {
        if (request.res.statusCode !== 200) this.views.uncount(id);
      });
    }
    return false;
  }
}
