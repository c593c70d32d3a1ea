import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core';
import { RouteContribution } from '@platform/http';
import { ModelContribution } from '@platform/orm';
import { BackofficeMenuContribution, BackofficeViewContribution } from '@platform/web';
import { SurveyBackofficeMenu } from './contributions/backoffice-menu';
import { SurveyModels } from './survey-models';
import { SurveyFillRoutes } from './routes/fill-routes';
import { SurveyResultsRoutes } from './routes/results-routes';
import { SurveyResults } from './services/survey-results';
import { SurveyManagerRoutes } from './routes/manager-routes';
import { SurveyInvitations } from './services/survey-invitations';
import { SurveyExport } from './services/survey-export';
import { SurveyAnswers } from './services/survey-answers';
import { SurveyStructureReader } from './services/survey-structure';

export const surveyModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, SurveyModels);
  bind(SurveyStructureReader).toSelf();
  bind(SurveyAnswers).toSelf();
  bind(SurveyResults).toSelf();
  bind(SurveyInvitations).toSelf().inSingletonScope();
  bind(SurveyExport).toSelf();
  bindContribution(bind, RouteContribution, SurveyManagerRoutes);
  bindContribution(bind, RouteContribution, SurveyFillRoutes);
  bindContribution(bind, RouteContribution, SurveyResultsRoutes);
  bindContribution(bind, [BackofficeMenuContribution, BackofficeViewContribution], SurveyBackofficeMenu);
});
