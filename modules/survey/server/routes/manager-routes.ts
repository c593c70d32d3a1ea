import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import { AccessError, MissingError, UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { inviteSchema } from '../../common/invite-schema';
import { SurveyInvitations } from '../services/survey-invitations';
import { SurveyExport } from '../services/survey-export';

const MANAGERS = ['survey.group_survey_manager', 'base.group_system'];
const isManager = (req: RequestContext) => MANAGERS.some((g) => req.env.hasGroup(g));
const INVITE_REFUSAL = 'Only survey managers invite people.';
const EXPORT_REFUSAL = 'Only survey managers export answers.';

/** What survey managers call from the back office: invitations by e-mail and the CSV export of answers. */
@injectable()
export class SurveyManagerRoutes implements RouteContribution {
  constructor(
    @inject(SurveyInvitations) private readonly invitations: SurveyInvitations,
    @inject(SurveyExport) private readonly exporter: SurveyExport,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/survey/invite', type: 'json', auth: 'user', groups: MANAGERS, refusal: INVITE_REFUSAL, params: inviteSchema,
        rateLimit: { name: 'survey.invite', limit: 20, windowSeconds: 600 },
        handler: async (req) => {
          if (!isManager(req)) throw new AccessError(INVITE_REFUSAL);
          const baseUrl = await this.urls.forMail(req);
          if (!baseUrl) throw new UserError('Set the site\'s base URL in the site settings first: the invitations need links.');
          const queued = await this.invitations.invite(req.env, req.params.survey_id, [...new Set(req.params.emails.map((e) => e.toLowerCase()))], baseUrl);
          return { queued };
        },
      }),
      {
        path: '/survey/export/:survey', type: 'http', auth: 'user', groups: MANAGERS, refusal: EXPORT_REFUSAL, methods: ['GET'],
        handler: async (req) => {
          if (!isManager(req)) throw new AccessError(EXPORT_REFUSAL);
          const id = Number(req.pathParams.survey);
          if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw new MissingError('This survey does not exist.');
          const csv = await this.exporter.csv(req.env, id);
          if (csv === null) throw new MissingError('This survey does not exist.');
          req.reply.header('Cache-Control', 'no-store');
          req.reply.file(csv, 'text/csv; charset=utf-8', `survey-${id}-answers.csv`);
        },
      },
    ];
  }
}
