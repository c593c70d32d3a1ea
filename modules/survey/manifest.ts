import path from 'node:path';
import { defineManifest } from '@platform/core';

const MANAGER = 'survey.group_survey_manager';
const FULL = { read: true, write: true, create: true, unlink: true };
const STRUCTURE = ['survey.survey', 'survey.page', 'survey.question', 'survey.label'];

export default defineManifest({
  name: 'survey',
  version: '1.0.0',
  displayName: 'Surveys',
  color: '#8a6100',
  summary: 'Surveys: pages of questions answered page by page, quizzes, invitations, results with charts',
  // website: the theme's pages; mail: invitations through the outgoing mail transport.
  depends: ['website', 'mail'],
  autoInstall: false,
  server: () => (require('./server/survey-module') as typeof import('./server/survey-module')).surveyModule,
  web: {
    islands: [path.join(__dirname, 'web/islands/survey-form.tsx'), path.join(__dirname, 'web/islands/survey-results.tsx')],
  },
  migrations: path.join(__dirname, 'migrations'),
  groups: [{ id: MANAGER, name: 'Survey manager', implies: ['base.group_user'] }],
  // Everybody reads the structure of surveys (the pages show it). Answers are written by the survey's
  // services only, after the token check; through the ORM, managers see and edit every answer and
  // portal users read their own (rule below); visitors reach theirs only through their token's pages.
  access: [
    ...STRUCTURE.map((model) => ({ model, read: true })),
    ...STRUCTURE.map((model) => ({ model, group: MANAGER, ...FULL })),
    // Managers read every answer and may delete inputs; lines are written by the survey's services only
    // (each input's result key follows its lines; a deleted input takes its key's count with it).
    { model: 'survey.user_input', group: MANAGER, read: true, write: true, unlink: true },
    { model: 'survey.user_input_line', group: MANAGER, read: true },
    ...STRUCTURE.map((model) => ({ model, group: 'base.group_system', ...FULL })),
    { model: 'survey.user_input', group: 'base.group_system', read: true, write: true, unlink: true },
    { model: 'survey.user_input_line', group: 'base.group_system', read: true },
    { model: 'survey.user_input', group: 'base.group_portal', read: true },
    { model: 'survey.user_input_line', group: 'base.group_portal', read: true },
  ],
  rules: [
    { name: 'survey.user_input: own answers', model: 'survey.user_input', groups: ['base.group_portal'], domain: (c) => [['partner_id', '=', c.partnerId ?? 0]] },
    { name: 'survey.user_input_line: own answers', model: 'survey.user_input_line', groups: ['base.group_portal'], domain: (c) => [['user_input_id.partner_id', '=', c.partnerId ?? 0]] },
  ],
  demo: () => (require('./demo/survey-demo') as typeof import('./demo/survey-demo')).surveyDemo(),
});
