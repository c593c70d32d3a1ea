/*
 * The public face of survey: other modules import this file only (`@modules/survey`), and only
 * when their manifest depends on survey. Everything else in this folder may change without notice.
 */
export { SURVEY_MODEL, PAGE_MODEL, QUESTION_MODEL, LABEL_MODEL, INPUT_MODEL, LINE_MODEL } from './server/models/survey-models-defs';
export { SurveyAnswers, type InputInfo } from './server/services/survey-answers';
export { SurveyStructureReader, type SurveyStructure } from './server/services/survey-structure';
export { SurveyResults } from './server/services/survey-results';
export { validateQuestion, validatePage, pageSchema } from './common/answer-validation';
export { questionTag, surveyUrls, type QuestionSpec, type PostedAnswers, type PrefillAnswers } from './common/survey-types';
