import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';

const MANAGER = ['survey.group_survey_manager', 'base.group_system'];

/** The Surveys app of the back office (/web): generic lists and forms, for survey managers. */
@injectable()
export class SurveyBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'survey.app', name: 'Surveys', sequence: 100, groups: MANAGER },
      { id: 'survey.surveys', parent: 'survey.app', name: 'Surveys', sequence: 10, groups: MANAGER, action: { model: 'survey.survey', columns: ['title', 'stage', 'quizz_mode', 'auth_required'] } },
      { id: 'survey.questions', parent: 'survey.app', name: 'Questions', sequence: 20, groups: MANAGER, action: { model: 'survey.question', columns: ['question', 'page_id', 'type', 'constr_mandatory'] } },
      { id: 'survey.answers', parent: 'survey.app', name: 'Answers', sequence: 30, groups: MANAGER, action: { model: 'survey.user_input', columns: ['survey_id', 'state', 'email', 'partner_id', 'create_date'] } },
      { id: 'survey.answer_lines', parent: 'survey.app', name: 'Answer lines', sequence: 40, groups: MANAGER, action: { model: 'survey.user_input_line', columns: ['user_input_id', 'question_id', 'answer_type', 'value_text', 'value_number', 'value_suggested', 'value_suggested_row'] } },
    ];
  }
}
