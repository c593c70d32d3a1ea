import { inject, injectable } from 'inversify';
import { AccessError, MissingError } from '@platform/core';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { parseResultQuery } from '../../common/results-types';
import { surveyUrls } from '../../common/survey-types';
import { noResultsPage, resultsPage } from '../../web/pages/results-page';
import { SurveyResults } from '../services/survey-results';

const MANAGER = 'survey.group_survey_manager';
const MANAGERS = [MANAGER, 'base.group_system'];
const RESULTS_REFUSAL = 'Survey results are for survey managers.';

/** The results page, for survey managers: filters come as query-string keys (`?0,12&7,15&finished`). */
@injectable()
export class SurveyResultsRoutes implements RouteContribution {
  constructor(@inject(SurveyResults) private readonly results: SurveyResults) {}

  routes(): RouteDefinition[] {
    return [
      { path: '/survey/results/:survey', type: 'http', auth: 'user', groups: MANAGERS, refusal: RESULTS_REFUSAL, methods: ['GET'], handler: (req) => this.page(req) },
      // A page of a text table: `?question=<id>&page=<from 0>[&comments]` plus the page's own filter keys.
      { path: '/survey/results/:survey/answers', type: 'http', auth: 'user', groups: MANAGERS, refusal: RESULTS_REFUSAL, methods: ['GET'], handler: (req) => this.answers(req) },
    ];
  }

  private checkAccess(req: RequestContext): number {
    if (!req.env.hasGroup(MANAGER) && !req.env.hasGroup('base.group_system')) throw new AccessError(RESULTS_REFUSAL);
    const id = Number(req.pathParams.survey);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw new MissingError('This survey does not exist.');
    return id;
  }

  private async answers(req: RequestContext) {
    const id = this.checkAccess(req);
    const params = new URLSearchParams(req.http.querystring);
    const question = Number(params.get('question'));
    const page = Number(params.get('page') ?? 0);
    const rest = req.http.querystring.split('&').filter((k) => !/^(question|page|comments)(=|$)/.test(k)).join('&');
    const { filters, finished } = parseResultQuery(rest);
    const data = Number.isSafeInteger(question) && question > 0 && Number.isSafeInteger(page) && page >= 0 && page < 2 ** 31
      ? await this.results.answersPage(req.env, id, question, params.has('comments'), page, filters, finished) : null;
    if (!data) throw new MissingError('This question has no text answers in this survey.');
    req.reply.send(JSON.stringify(data), 'application/json; charset=utf-8');
  }

  private async page(req: RequestContext) {
    const id = this.checkAccess(req);
    const { filters, finished } = parseResultQuery(req.http.querystring);
    const data = await this.results.compute(req.env, id, filters, finished);
    if (!data) throw new MissingError('This survey does not exist.');
    const any = await req.env.db('survey_user_input').where({ survey_id: id }).whereNot('state', 'new').first('id');
    if (!any) return noResultsPage(data.title);
    return resultsPage({ ...data, resultsUrl: surveyUrls.results(id) });
  }
}
