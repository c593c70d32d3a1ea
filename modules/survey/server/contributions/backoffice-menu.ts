import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';

const MANAGER = ['survey.group_survey_manager', 'base.group_system'];

/**
 * The Surveys app of the back office (/web), for survey managers: generic lists and forms of surveys,
 * questions and answers; a survey's form adds its results, the CSV export and invitations by e-mail.
 */
@injectable()
export class SurveyBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'survey.app', name: 'Surveys', sequence: 100, groups: MANAGER },
      { id: 'survey.surveys', parent: 'survey.app', name: 'Surveys', sequence: 10, groups: MANAGER, action: { model: 'survey.survey', columns: ['title', 'stage', 'tot_start_survey', 'tot_comp_survey', 'quizz_mode'] } },
      { id: 'survey.questions', parent: 'survey.app', name: 'Questions', sequence: 20, groups: MANAGER, action: { model: 'survey.question', columns: ['question', 'page_id', 'type', 'constr_mandatory'] } },
      { id: 'survey.answers', parent: 'survey.app', name: 'Answers', sequence: 30, groups: MANAGER, action: { model: 'survey.user_input', columns: ['survey_id', 'state', 'email', 'partner_id', 'create_date'] } },
      { id: 'survey.answer_lines', parent: 'survey.app', name: 'Answer lines', sequence: 40, groups: MANAGER, action: { model: 'survey.user_input_line', columns: ['user_input_id', 'question_id', 'answer_type', 'value_text', 'value_number', 'value_suggested', 'value_suggested_row'] } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [{ target: { model: 'survey.survey', view: 'form' }, file: path.join(__dirname, '..', '..', 'web', 'backoffice', 'survey-form.tsx') }];
  }
}
