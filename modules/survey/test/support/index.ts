/* The survey's test-support face: fixtures other tests and benchmarks may use. */
export { makeSurvey, validAnswers, type SurveyFixture } from '../survey-fixture';
