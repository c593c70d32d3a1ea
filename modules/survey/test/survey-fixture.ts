import type { Env } from '@platform/orm';
import { questionTag, type QuestionSpec } from '../index';

const labels = (values: string[], marks: number[] = []) => values.map((value, i) => [0, 0, { value, sequence: i + 1, quizz_mark: marks[i] ?? 0 }]);

/**
 * A two-page survey with every question type: page 1 (text types, each with a rule), page 2 (choices
 * and matrices). Returns ids and the tags of each question.
 */
export async function makeSurvey(env: Env, opts: { title?: string; goBack?: boolean; quiz?: boolean; stage?: string; authRequired?: boolean } = {}) {
  const sudo = env.sudo();
  const surveyId = await sudo.model('survey.survey').create({
    title: opts.title ?? 'Every question', users_can_go_back: opts.goBack ?? true, quizz_mode: opts.quiz ?? true,
    stage: opts.stage ?? 'open', auth_required: opts.authRequired ?? false, thank_you_message: 'Thanks for answering.',
  });
  const page1 = await sudo.model('survey.page').create({ title: 'About you', survey_id: surveyId, sequence: 1 });
  const page2 = await sudo.model('survey.page').create({ title: 'Your opinion', survey_id: surveyId, sequence: 2 });
  const q = async (page: number, values: Record<string, unknown>) => sudo.model('survey.question').create({ page_id: page, ...values });
  const ids = {
    free: await q(page1, { question: 'Tell us about you', type: 'free_text', sequence: 1, constr_mandatory: true }),
    email: await q(page1, { question: 'Your e-mail', type: 'textbox', sequence: 2, validation_email: true }),
    nick: await q(page1, { question: 'A nickname', type: 'textbox', sequence: 3, validation_required: true, validation_length_min: 3, validation_length_max: 8 }),
    age: await q(page1, { question: 'Your age', type: 'numerical_box', sequence: 4, constr_mandatory: true, validation_required: true, validation_min_float_value: 18, validation_max_float_value: 120 }),
    birthday: await q(page1, { question: 'A date', type: 'date', sequence: 5, validation_required: true, validation_min_date: '2000-01-01', validation_max_date: '2030-12-31' }),
    when: await q(page1, { question: 'A moment', type: 'datetime', sequence: 6 }),
    colour: await q(page2, { question: 'Favourite colour', type: 'simple_choice', sequence: 1, constr_mandatory: true, comments_allowed: true, comment_count_as_answer: true, labels_ids: labels(['Red', 'Green', 'Blue'], [1, 0, 0]) }),
    fruits: await q(page2, { question: 'Fruits you like', type: 'multiple_choice', sequence: 2, constr_mandatory: true, comments_allowed: true, comment_count_as_answer: true, labels_ids: labels(['Apple', 'Pear', 'Plum'], [1, 1, 0]) }),
    grid: await q(page2, { question: 'Rate these', type: 'matrix', matrix_subtype: 'simple', sequence: 3, constr_mandatory: true, labels_ids: labels(['Bad', 'Good']), labels_ids_2: labels(['Food', 'Service']) }),
    grid2: await q(page2, { question: 'When do you eat', type: 'matrix', matrix_subtype: 'multiple', sequence: 4, labels_ids: labels(['Morning', 'Evening']), labels_ids_2: labels(['Bread', 'Soup']) }),
  };
  const labelOf = async (question: number, value: string, row = false) =>
    Number((await sudo.model('survey.label').search_read([[row ? 'question_id_2' : 'question_id', '=', question], ['value', '=', value]], ['id']))[0].id);
  const tag = (id: number) => {
    const page = [ids.free, ids.email, ids.nick, ids.age, ids.birthday, ids.when].includes(id) ? page1 : page2;
    return questionTag({ surveyId, pageId: page, id } as QuestionSpec);
  };
  return { surveyId, page1, page2, ids, labelOf, tag };
}
export type SurveyFixture = Awaited<ReturnType<typeof makeSurvey>>;

/** Valid answers for both pages. */
export async function validAnswers(f: SurveyFixture) {
  const t = f.tag;
  const page1 = { [t(f.ids.free)]: 'I like surveys', [t(f.ids.email)]: 'me@example.com', [t(f.ids.nick)]: 'nick', [t(f.ids.age)]: '42', [t(f.ids.birthday)]: '2020-05-01', [t(f.ids.when)]: '2021-01-02 03:04:05' };
  const red = await f.labelOf(f.ids.colour, 'Red');
  const apple = await f.labelOf(f.ids.fruits, 'Apple');
  const good = await f.labelOf(f.ids.grid, 'Good');
  const food = await f.labelOf(f.ids.grid, 'Food', true);
  const service = await f.labelOf(f.ids.grid, 'Service', true);
  const page2 = { [t(f.ids.colour)]: String(red), [`${t(f.ids.fruits)}_${apple}`]: String(apple), [`${t(f.ids.grid)}_${food}`]: String(good), [`${t(f.ids.grid)}_${service}`]: String(good) };
  return { page1, page2, red, apple, good, food, service };
}
