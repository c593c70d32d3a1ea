import { inject, injectable } from 'inversify';
import { number, object, string } from 'yup';
import { AccessError, MissingError, ValidationError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { validatePage } from '../../common/answer-validation';
import { unknownAnswerFields } from '../../common/posted-answers';
import { prefillToPosted } from '../../common/prefill';
import { surveyUrls, type PostedAnswers } from '../../common/survey-types';
import { fillPage, noticePage, surveyListPage } from '../../web/pages/survey-pages';
import { SurveyAnswers, type InputInfo } from '../services/survey-answers';
import type { SurveyStructure } from '../services/survey-structure';

const MANAGER = 'survey.group_survey_manager';
const ids = object({ survey: number().integer().min(1).max(2 ** 31 - 1).required() });
const withToken = ids.shape({ token: string().max(64).required() });
const submitFields = object({
  page_id: number().integer().min(1).max(2 ** 31 - 1).required(),
  token: string().max(64).required(),
  button_submit: string().oneOf(['previous', 'next', 'finish']).default('next'),
});
/** Posts are rate-limited per address and per account: each one writes a page of answers. */
const SUBMIT_LIMIT = { name: 'survey.submit', limit: 120, windowSeconds: 60 };
const START_LIMIT = { name: 'survey.start', limit: 30, windowSeconds: 600 };

/**
 * Filling a survey: start (a new token), page by page (`fill`), the submit (errors per question, or a
 * redirect), prefill and scores as JSON, the print view. The token is the key to an input: a token of
 * another survey is unknown here, and every posted field must belong to the page's questions.
 */
@injectable()
export class SurveyFillRoutes implements RouteContribution {
  constructor(@inject(SurveyAnswers) private readonly answers: SurveyAnswers) {}

  routes(): RouteDefinition[] {
    return [
      { path: '/survey', type: 'http', auth: 'public', methods: ['GET'], handler: (req) => this.list(req) },
      { path: '/survey/start/:survey', type: 'http', auth: 'public', rateLimit: START_LIMIT, handler: (req) => this.start(req) },
      { path: '/survey/start/:survey/:token', type: 'http', auth: 'public', handler: (req) => this.intro(req) },
      { path: '/survey/fill/:survey/:token', type: 'http', auth: 'public', handler: (req) => this.fill(req, false) },
      { path: '/survey/fill/:survey/:token/prev', type: 'http', auth: 'public', handler: (req) => this.fill(req, true) },
      { path: '/survey/prefill/:survey/:token', type: 'http', auth: 'public', methods: ['GET'], handler: (req) => this.prefill(req) },
      { path: '/survey/prefill/:survey/:token/:page', type: 'http', auth: 'public', methods: ['GET'], handler: (req) => this.prefill(req) },
      { path: '/survey/scores/:survey/:token', type: 'http', auth: 'public', methods: ['GET'], handler: (req) => this.scores(req) },
      { path: '/survey/print/:survey', type: 'http', auth: 'public', methods: ['GET'], handler: (req) => this.print(req) },
      { path: '/survey/print/:survey/:token', type: 'http', auth: 'public', methods: ['GET'], handler: (req) => this.print(req) },
      // The answers' field names depend on the page: the handler checks them against its questions.
      { path: '/survey/submit/:survey', type: 'http', auth: 'public', methods: ['POST'], rateLimit: SUBMIT_LIMIT, handler: (req) => this.submit(req) },
    ];
  }

  private async list(req: RequestContext) {
    const rows = await req.env.db('survey_survey').where({ active: true }).whereIn('stage', ['open', 'permanent']).orderBy('id').limit(100).select('id', 'title', 'description');
    return surveyListPage({ surveys: rows.map((r) => ({ id: Number(r.id), title: String(r.title), description: typeof r.description === 'string' ? r.description : '' })) });
  }

  private async surveyOf(req: RequestContext): Promise<SurveyStructure> {
    const { survey } = await ids.validate({ survey: req.pathParams.survey }).catch(() => { throw new MissingError('This survey does not exist.'); });
    const s = await this.answers.load(req.env, survey);
    if (!s || !s.survey.active || (s.survey.stage === 'draft' && !req.env.hasGroup(MANAGER) && !req.env.hasGroup('base.group_system'))) throw new MissingError('This survey does not exist.');
    return s;
  }

  private async inputOf(req: RequestContext, s: SurveyStructure, token: string): Promise<InputInfo> {
    await withToken.validate({ survey: s.survey.id, token }).catch(() => { throw new AccessError('This link is not valid.'); });
    const input = await this.answers.byToken(req.env, s.survey.id, token);
    if (!input) throw new AccessError('This link is not valid.');
    return input;
  }

  /** A closed survey, one without pages, or one needing a login: the page that says so, else null. */
  private refusal(req: RequestContext, s: SurveyStructure) {
    const title = s.survey.title;
    if (s.survey.auth_required && req.isPublic) {
      return noticePage({ title, heading: 'Login required', text: '', link: { href: `/web/login?redirect=${encodeURIComponent(req.path)}`, label: 'Log in' } }, 403);
    }
    if (s.survey.stage === 'closed') return noticePage({ title, heading: 'This survey is closed', text: '' }, 403);
    if (!s.pages.length) return noticePage({ title, heading: 'This survey has no pages', text: '' }, 404);
    return null;
  }

  private async start(req: RequestContext) {
    const s = await this.surveyOf(req);
    const refused = this.refusal(req, s);
    if (refused) return refused;
    const input = await this.answers.create(req.env, s.survey.id, { partnerId: req.isPublic ? null : req.env.user.partnerId });
    req.reply.redirect(surveyUrls.start(s.survey.id, input.token), { status: 303 });
    return undefined;
  }

  private async intro(req: RequestContext) {
    const s = await this.surveyOf(req);
    const refused = this.refusal(req, s);
    if (refused) return refused;
    if (req.pathParams.token === 'phantom') return this.testEntry(req, s);
    const input = await this.inputOf(req, s, req.pathParams.token);
    if (input.state !== 'new') { req.reply.redirect(surveyUrls.fill(s.survey.id, input.token)); return undefined; }
    return noticePage({ title: s.survey.title, heading: 'Welcome', text: s.survey.description, link: { href: surveyUrls.fill(s.survey.id, input.token), label: 'Start survey' } });
  }

  /**
   * The reference's `phantom` token: a test entry, answered like any input but never counted in the
   * results, the counters or the export. For the survey's managers only (each one writes an input).
   */
  private async testEntry(req: RequestContext, s: SurveyStructure) {
    if (!req.env.hasGroup(MANAGER) && !req.env.hasGroup('base.group_system')) throw new AccessError('This link is not valid.');
    const input = await this.answers.create(req.env, s.survey.id, { partnerId: req.env.user.partnerId, testEntry: true });
    req.reply.redirect(surveyUrls.start(s.survey.id, input.token), { status: 303 });
    return undefined;
  }

  private async fill(req: RequestContext, prev: boolean) {
    const s = await this.surveyOf(req);
    const refused = this.refusal(req, s);
    if (refused) return refused;
    const input = await this.inputOf(req, s, req.pathParams.token);
    if (input.state === 'done') return this.thanks(s);
    const last = s.pages.findIndex((p) => p.id === input.lastPageId);
    let index = input.state === 'new' || last < 0 ? 0 : last + 1;
    if (prev && s.survey.users_can_go_back && last >= 0) index = Math.max(0, last - 1);
    index = Math.min(index, s.pages.length - 1);
    return this.renderPage(req, s, input, index, {}, null);
  }

  private thanks(s: SurveyStructure) {
    return noticePage({ title: s.survey.title, heading: 'Thank you!', text: s.survey.thank_you_message });
  }

  private async renderPage(req: RequestContext, s: SurveyStructure, input: InputInfo, index: number, errors: Record<string, string>, posted: PostedAnswers | null) {
    const pg = s.pages[index];
    const values = posted ?? prefillToPosted(pg.questions, await this.answers.prefill(req.env, s, input, pg.id));
    return fillPage({
      title: s.survey.title, pageTitle: pg.title, pageDescription: pg.description, pageIndex: index, pageCount: s.pages.length,
      surveyId: s.survey.id, token: input.token, pageId: pg.id, csrfToken: req.csrfToken(), questions: pg.questions, values, errors,
      submitUrl: surveyUrls.submit(s.survey.id), prefillUrl: surveyUrls.prefill(s.survey.id, input.token, pg.id),
      canGoBack: s.survey.users_can_go_back && index > 0, isLast: index === s.pages.length - 1, printMode: false,
    });
  }

  /** Every page's questions in one disabled form, with the input's answers (and its scores in a quiz). */
  private async print(req: RequestContext) {
    const s = await this.surveyOf(req);
    if (!s.pages.length) return this.refusal(req, s);
    const token = req.pathParams.token;
    const input = token ? await this.inputOf(req, s, token) : null;
    const questions = s.pages.flatMap((p) => p.questions);
    const values = input ? prefillToPosted(questions, await this.answers.prefill(req.env, s, input)) : {};
    return fillPage({
      title: s.survey.title, pageTitle: s.pages.map((p) => p.title).join(' · '), pageDescription: '', pageIndex: 0, pageCount: 1,
      surveyId: s.survey.id, token: input?.token ?? '', pageId: s.pages[0].id, csrfToken: '', questions, values, errors: {},
      submitUrl: surveyUrls.submit(s.survey.id), prefillUrl: input ? surveyUrls.prefill(s.survey.id, input.token) : '',
      scoresUrl: input && s.survey.quizz_mode ? surveyUrls.scores(s.survey.id, input.token) : undefined,
      canGoBack: false, isLast: true, printMode: true,
    });
  }

  private json(req: RequestContext, value: unknown) {
    req.reply.send(JSON.stringify(value), 'application/json; charset=utf-8');
  }

  private async prefill(req: RequestContext) {
    const s = await this.surveyOf(req);
    const input = await this.inputOf(req, s, req.pathParams.token);
    const pageId = req.pathParams.page ? Number(req.pathParams.page) : undefined;
    if (pageId !== undefined && !s.pages.some((p) => p.id === pageId)) throw new MissingError('This page is not in the survey.');
    this.json(req, await this.answers.prefill(req.env, s, input, pageId));
  }

  private async scores(req: RequestContext) {
    const s = await this.surveyOf(req);
    const input = await this.inputOf(req, s, req.pathParams.token);
    this.json(req, await this.answers.scores(req.env, input));
  }

  private async submit(req: RequestContext) {
    const wantsJson = (req.http.header('accept') || '').includes('application/json');
    const s = await this.surveyOf(req);
    // No static schema can name a page's fields (`<survey>_<page>_<question>[_<label>...]`): the fixed
    // ones go through `submitFields`, the answers through the page's own checks below (unknownAnswerFields,
    // then the yup rules of common/answer-validation), before anything is written.
    const body: Record<string, unknown> = req.params;
    const fields = await submitFields.validate(body, { stripUnknown: true }).catch((e: Error) => { throw new ValidationError(e.message); });
    const input = await this.inputOf(req, s, fields.token);
    const refused = this.refusal(req, s);
    if (refused) throw new AccessError('This survey cannot be answered.');
    if (input.state === 'done') throw new AccessError('This survey has already been answered.');
    const index = s.pages.findIndex((p) => p.id === fields.page_id);
    if (index < 0) throw new ValidationError('This page is not in the survey.');
    const page = s.pages[index];
    const values: PostedAnswers = {};
    for (const [k, v] of Object.entries(body)) {
      if (typeof v !== 'string') throw new ValidationError(`Unknown field(s): ${k}`);
      values[k] = v;
    }
    const unknown = unknownAnswerFields(page.questions, values);
    if (unknown.length) throw new ValidationError(`Unknown field(s): ${unknown.slice(0, 10).join(', ')}`);
    for (const k of ['page_id', 'token', 'csrf_token', 'button_submit']) delete values[k];
    const errors = validatePage(page.questions, values);
    if (Object.keys(errors).length) {
      if (wantsJson) return this.json(req, { errors });
      return this.renderPage(req, s, input, index, errors, values);
    }
    const goBack = fields.button_submit === 'previous' && s.survey.users_can_go_back && index > 0;
    await this.answers.savePage(req.env, s, input, page, values, goBack);
    const target = surveyUrls.fill(s.survey.id, input.token, goBack);
    if (wantsJson) return this.json(req, { redirect: target });
    req.reply.redirect(target, { status: 303 });
    return undefined;
  }
}
