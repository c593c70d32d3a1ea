import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { SurveyLabel, SurveyPage, SurveyQuestion, SurveySurvey, SurveyUserInput, SurveyUserInputLine } from './models/survey-models-defs';

@injectable()
export class SurveyModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [SurveySurvey, SurveyPage, SurveyQuestion, SurveyLabel, SurveyUserInput, SurveyUserInputLine];
  }
}
