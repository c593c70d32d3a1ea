import { defineIsland } from '@platform/web/client';

function SurveyResults() {
  return null;
}

export default defineIsland('survey.results', SurveyResults);
