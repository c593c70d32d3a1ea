import { ref, type DataRecord } from '@platform/core';

/** A deterministic pseudo-random sequence, so every fresh database gets the same demo answers. */
function sequence(seed: number) {
  let x = seed;
  return () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
}

type Label = { id: string; value: string; mark?: number };
const label = (question: string, l: Label, i: number, row = false): DataRecord => ({
  id: l.id, model: 'survey.label', values: { [row ? 'question_id_2' : 'question_id']: ref(question), value: l.value, sequence: i + 1, quizz_mark: l.mark ?? 0 },
});

const COLOURS: Label[] = [{ id: 'demo_l_red', value: 'Red', mark: 1 }, { id: 'demo_l_green', value: 'Green' }, { id: 'demo_l_blue', value: 'Blue' }, { id: 'demo_l_black', value: 'Black, the colour of every good night sky' }];
const TOPICS: Label[] = [{ id: 'demo_l_news', value: 'News', mark: 1 }, { id: 'demo_l_forum', value: 'The forum' }, { id: 'demo_l_events', value: 'Events and meetups', mark: 1 }, { id: 'demo_l_shop', value: 'The shop' }];
const GRADES: Label[] = [{ id: 'demo_l_poor', value: 'Poor' }, { id: 'demo_l_fair', value: 'Fair' }, { id: 'demo_l_good', value: 'Good' }, { id: 'demo_l_excellent', value: 'Excellent' }];
const ASPECTS: Label[] = [{ id: 'demo_r_speed', value: 'Speed of the pages' }, { id: 'demo_r_design', value: 'Design' }, { id: 'demo_r_content', value: 'Content' }];
const DAYS: Label[] = [{ id: 'demo_l_weekday', value: 'Weekdays' }, { id: 'demo_l_weekend', value: 'Weekends' }];
const MOMENTS: Label[] = [{ id: 'demo_r_morning', value: 'Morning' }, { id: 'demo_r_evening', value: 'Evening' }];
const WORDS = ['Great site', 'Fast and clear', 'I would like more events', 'The forum helped me a lot', 'Nice colours', 'Could be faster on my phone', 'Keep going!', 'More articles please'];

/**
 * The demo survey "Customer feedback": every question type on three pages, and 240 answers (200
 * finished, 40 partial), so the results page shows every chart, table and filter on a fresh start.
 */
export function surveyDemo(): DataRecord[] {
  const recs: DataRecord[] = [
    { id: 'demo_survey', model: 'survey.survey', values: {
      title: 'Customer feedback', stage: 'open', users_can_go_back: true, quizz_mode: true,
      description: 'Three short pages about you and our site. It takes two minutes.', thank_you_message: 'Thank you for your answers! They help us improve the site.',
    } },
    { id: 'demo_page_you', model: 'survey.page', values: { title: 'About you', survey_id: ref('survey.demo_survey'), sequence: 1 } },
    { id: 'demo_page_site', model: 'survey.page', values: { title: 'The site', survey_id: ref('survey.demo_survey'), sequence: 2 } },
    { id: 'demo_page_more', model: 'survey.page', values: { title: 'Anything else', survey_id: ref('survey.demo_survey'), sequence: 3 } },
    { id: 'demo_q_name', model: 'survey.question', values: { page_id: ref('survey.demo_page_you'), sequence: 1, question: 'Your nickname', type: 'textbox', constr_mandatory: true, validation_required: true, validation_length_min: 2, validation_length_max: 20 } },
    { id: 'demo_q_email', model: 'survey.question', values: { page_id: ref('survey.demo_page_you'), sequence: 2, question: 'Your e-mail (optional)', type: 'textbox', validation_email: true } },
    { id: 'demo_q_age', model: 'survey.question', values: { page_id: ref('survey.demo_page_you'), sequence: 3, question: 'Your age', type: 'numerical_box', constr_mandatory: true, validation_required: true, validation_min_float_value: 12, validation_max_float_value: 120 } },
    { id: 'demo_q_since', model: 'survey.question', values: { page_id: ref('survey.demo_page_you'), sequence: 4, question: 'Since when do you visit us?', type: 'date', validation_required: true, validation_min_date: '2000-01-01', validation_max_date: '2030-12-31' } },
    { id: 'demo_q_last', model: 'survey.question', values: { page_id: ref('survey.demo_page_you'), sequence: 5, question: 'Your last visit (date and time)', type: 'datetime' } },
    { id: 'demo_q_colour', model: 'survey.question', values: { page_id: ref('survey.demo_page_site'), sequence: 1, question: 'Which colour should the site use?', type: 'simple_choice', constr_mandatory: true, comments_allowed: true, comment_count_as_answer: true } },
    { id: 'demo_q_topics', model: 'survey.question', values: { page_id: ref('survey.demo_page_site'), sequence: 2, question: 'What do you come for?', type: 'multiple_choice', constr_mandatory: true, comments_allowed: true } },
    { id: 'demo_q_grades', model: 'survey.question', values: { page_id: ref('survey.demo_page_site'), sequence: 3, question: 'How do you rate the site?', type: 'matrix', matrix_subtype: 'simple', constr_mandatory: true } },
    { id: 'demo_q_when', model: 'survey.question', values: { page_id: ref('survey.demo_page_site'), sequence: 4, question: 'When do you visit?', type: 'matrix', matrix_subtype: 'multiple' } },
    { id: 'demo_q_words', model: 'survey.question', values: { page_id: ref('survey.demo_page_more'), sequence: 1, question: 'Anything to tell us?', type: 'free_text' } },
    ...COLOURS.map((l, i) => label('survey.demo_q_colour', l, i)),
    ...TOPICS.map((l, i) => label('survey.demo_q_topics', l, i)),
    ...GRADES.map((l, i) => label('survey.demo_q_grades', l, i)),
    ...ASPECTS.map((l, i) => label('survey.demo_q_grades', l, i, true)),
    ...DAYS.map((l, i) => label('survey.demo_q_when', l, i)),
    ...MOMENTS.map((l, i) => label('survey.demo_q_when', l, i, true)),
  ];
  const rnd = sequence(42);
  const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const S = ref('survey.demo_survey');
  for (let n = 0; n < 240; n++) {
    const done = n < 200;
    const line = (q: string, v: Record<string, unknown>) => [0, 0, { survey_id: S, question_id: ref(`survey.${q}`), ...v }];
    const lines: unknown[] = [
      line('demo_q_name', { answer_type: 'text', value_text: `visitor${n + 1}` }),
      rnd() < 0.6 ? line('demo_q_email', { answer_type: 'text', value_text: `visitor${n + 1}@example.com` }) : line('demo_q_email', { skipped: true }),
      line('demo_q_age', { answer_type: 'number', value_number: 16 + Math.floor(rnd() * 50) }),
      line('demo_q_since', { answer_type: 'date', value_date: `20${10 + Math.floor(rnd() * 16)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}` }),
      line('demo_q_last', { skipped: true }),
    ];
    if (done) {
      const colour = pick(COLOURS);
      lines.push(line('demo_q_colour', { answer_type: 'suggestion', value_suggested: ref(`survey.${colour.id}`), quizz_mark: colour.mark ?? 0 }));
      for (const t of TOPICS) if (rnd() < 0.45) lines.push(line('demo_q_topics', { answer_type: 'suggestion', value_suggested: ref(`survey.${t.id}`), quizz_mark: t.mark ?? 0 }));
      if (rnd() < 0.1) lines.push(line('demo_q_topics', { answer_type: 'text', value_text: 'The newsletter' }));
      for (const r of ASPECTS) lines.push(line('demo_q_grades', { answer_type: 'suggestion', value_suggested: ref(`survey.${pick(GRADES).id}`), value_suggested_row: ref(`survey.${r.id}`) }));
      for (const r of MOMENTS) for (const d of DAYS) if (rnd() < 0.4) lines.push(line('demo_q_when', { answer_type: 'suggestion', value_suggested: ref(`survey.${d.id}`), value_suggested_row: ref(`survey.${r.id}`) }));
      lines.push(rnd() < 0.5 ? line('demo_q_words', { answer_type: 'free_text', value_free_text: pick(WORDS) }) : line('demo_q_words', { skipped: true }));
    }
    recs.push({
      id: `demo_input_${n + 1}`, model: 'survey.user_input',
      values: { survey_id: S, token: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`, state: done ? 'done' : 'skip', type: 'manually',
        last_displayed_page_id: ref(done ? 'survey.demo_page_more' : 'survey.demo_page_you'), user_input_line_ids: lines },
    });
  }
  return recs;
}
