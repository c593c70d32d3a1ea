import { expect } from 'chai';
import { MSG_DATE, MSG_DATETIME, MSG_EMAIL, MSG_NUMBER, pageSchema, parseDate, validateQuestion } from '../common/answer-validation';
import { unknownAnswerFields } from '../common/posted-answers';
import type { QuestionSpec, QuestionType } from '../common/survey-types';

const MANDATORY = 'This question requires an answer.';
const INVALID = 'The answer you entered has an invalid format.';

function q(type: QuestionType, extra: Partial<QuestionSpec> = {}): QuestionSpec {
  return {
    id: 3, pageId: 2, surveyId: 1, question: 'Q', type, matrix_subtype: 'simple', labels: [{ id: 10, value: 'A' }, { id: 11, value: 'B' }],
    rows: [{ id: 20, value: 'R1' }, { id: 21, value: 'R2' }], display_mode: 'columns', comments_allowed: false,
    comments_message: 'If other, please specify:', comment_count_as_answer: false, validation_required: false, validation_email: false,
    validation_length_min: null, validation_length_max: null, validation_min_float_value: null, validation_max_float_value: null,
    validation_min_date: null, validation_max_date: null, validation_error_msg: INVALID, constr_mandatory: false, constr_error_msg: MANDATORY,
    ...extra,
  };
}
const T = '1_2_3';
const check = (question: QuestionSpec, values: Record<string, string>) => validateQuestion(question, values);

describe('survey: validation of each question type (common/, shared by browser and server)', () => {
  it('free_text: mandatory', () => {
    expect(check(q('free_text', { constr_mandatory: true }), { [T]: '  ' })).to.equal(MANDATORY);
    expect(check(q('free_text', { constr_mandatory: true }), { [T]: 'x' })).to.equal(null);
    expect(check(q('free_text'), {})).to.equal(null);
  });

  it('textbox: mandatory first, e-mail, inclusive length range', () => {
    expect(check(q('textbox', { constr_mandatory: true, validation_email: true }), {})).to.equal(MANDATORY);
    expect(check(q('textbox', { validation_email: true }), { [T]: 'a@b' })).to.equal(MSG_EMAIL);
    expect(check(q('textbox', { validation_email: true }), { [T]: 'a@b.co' })).to.equal(null);
    const len = q('textbox', { validation_required: true, validation_length_min: 2, validation_length_max: 4 });
    expect(check(len, { [T]: 'a' })).to.equal(INVALID);
    expect(check(len, { [T]: 'ab' })).to.equal(null);
    expect(check(len, { [T]: 'abcd' })).to.equal(null);
    expect(check(len, { [T]: 'abcde' })).to.equal(INVALID);
    expect(check(len, {})).to.equal(null);
  });

  it('numerical_box: not a number, inclusive range', () => {
    const n = q('numerical_box', { validation_required: true, validation_min_float_value: 1, validation_max_float_value: 10 });
    expect(check(n, { [T]: 'ten' })).to.equal(MSG_NUMBER);
    expect(check(n, { [T]: '1e400' })).to.equal(MSG_NUMBER);
    expect(check(n, { [T]: '0.5' })).to.equal(INVALID);
    expect(check(n, { [T]: '1' })).to.equal(null);
    expect(check(n, { [T]: ' 10 ' })).to.equal(null);
    expect(check(n, { [T]: '10.01' })).to.equal(INVALID);
    expect(check(q('numerical_box', { constr_mandatory: true }), { [T]: '' })).to.equal(MANDATORY);
  });

  it('date and datetime: not a date (or date/time), inclusive range', () => {
    const d = q('date', { validation_required: true, validation_min_date: '2020-01-01', validation_max_date: '2020-12-31' });
    expect(check(d, { [T]: '2020-02-30' })).to.equal(MSG_DATE);
    expect(check(d, { [T]: '01/02/2020' })).to.equal(MSG_DATE);
    expect(check(d, { [T]: '2019-12-31' })).to.equal(INVALID);
    expect(check(d, { [T]: '2020-12-31' })).to.equal(null);
    const dt = q('datetime', { validation_required: true, validation_min_date: '2020-01-01 10:00:00' });
    expect(check(dt, { [T]: '2020-01-01' })).to.equal(MSG_DATETIME);
    expect(check(dt, { [T]: '2020-01-01 25:00:00' })).to.equal(MSG_DATETIME);
    expect(check(dt, { [T]: '2020-01-01 09:59:59' })).to.equal(INVALID);
    expect(check(dt, { [T]: '2020-01-01 10:00:00' })).to.equal(null);
    // ISO forms (a browser's datetime-local, an offset) are compared in UTC, and so are the bounds.
    expect(check(dt, { [T]: '2020-01-01T10:00' })).to.equal(null);
    expect(check(dt, { [T]: '2020-01-01T11:00:00+02:00' })).to.equal(INVALID);
    expect(check(dt, { [T]: '2020-01-01T10:30:00Z' })).to.equal(null);
    expect(check(dt, { [T]: '2020-01-01T10:00+25:00' })).to.equal(MSG_DATETIME);
    const iso = q('datetime', { validation_required: true, validation_max_date: '2020-01-01T10:00:00' });
    expect(check(iso, { [T]: '2020-01-01 09:00:00' })).to.equal(null);
    expect(check(iso, { [T]: '2020-01-01 10:00:01' })).to.equal(INVALID);
  });

  it('stores moments in one sortable UTC form (text order is time order)', () => {
    expect(parseDate('2020-01-01T10:00', true)).to.equal('2020-01-01 10:00:00');
    expect(parseDate('2020-01-01T01:30:00+02:00', true)).to.equal('2019-12-31 23:30:00');
    expect(parseDate('2020-01-01 10:00:00', true)).to.equal('2020-01-01 10:00:00');
    const stored = ['2020-01-02T00:00:00+05:00', '2020-01-01 20:00:00', '2020-01-01T09:00Z'].map((v) => parseDate(v, true)!);
    expect([...stored].sort()).to.deep.equal(['2020-01-01 09:00:00', '2020-01-01 19:00:00', '2020-01-01 20:00:00']);
  });

  it('simple_choice: key present and not blank; "other" (-1) with an empty comment fails when the comment counts', () => {
    const s = q('simple_choice', { constr_mandatory: true, comments_allowed: true, comment_count_as_answer: true });
    expect(check(s, {})).to.equal(MANDATORY);
    expect(check(s, { [T]: ' ' })).to.equal(MANDATORY);
    expect(check(s, { [T]: '10' })).to.equal(null);
    expect(check(s, { [T]: '-1', [`${T}_comment`]: '' })).to.equal(MANDATORY);
    expect(check(s, { [T]: '-1', [`${T}_comment`]: 'mine' })).to.equal(null);
    expect(check(q('simple_choice'), {})).to.equal(null);
  });

  it('multiple_choice: nothing checked fails, unless "other" with a comment that counts', () => {
    const m = q('multiple_choice', { constr_mandatory: true, comments_allowed: true, comment_count_as_answer: true });
    expect(check(m, {})).to.equal(MANDATORY);
    expect(check(m, { [`${T}_10`]: '10' })).to.equal(null);
    expect(check(m, { [`${T}_10`]: ' ' })).to.equal(MANDATORY);
    expect(check(m, { [`${T}_-1`]: '-1' })).to.equal(MANDATORY);
    expect(check(m, { [`${T}_-1`]: '-1', [`${T}_comment`]: 'kiwi' })).to.equal(null);
    expect(check(q('multiple_choice', { constr_mandatory: true }), { [`${T}_comment`]: 'kiwi' })).to.equal(MANDATORY);
  });

  it('matrix: every row answered (simple: one key per row; multiple: distinct rows), comment excluded', () => {
    const simple = q('matrix', { constr_mandatory: true, comments_allowed: true });
    expect(check(simple, { [`${T}_20`]: '10', [`${T}_comment`]: 'x' })).to.equal(MANDATORY);
    expect(check(simple, { [`${T}_20`]: '10', [`${T}_21`]: '11' })).to.equal(null);
    const multiple = q('matrix', { constr_mandatory: true, matrix_subtype: 'multiple' });
    expect(check(multiple, { [`${T}_20_10`]: '10', [`${T}_20_11`]: '11' })).to.equal(MANDATORY);
    expect(check(multiple, { [`${T}_20_10`]: '10', [`${T}_21_11`]: '11' })).to.equal(null);
  });

  it('the page schema (formik\'s validationSchema) gives the same messages keyed by tag', async () => {
    const schema = pageSchema([q('textbox', { validation_email: true })]);
    const err = await schema.validate({ [T]: 'nope' }, { abortEarly: false }).catch((e: { inner: Array<{ path: string; message: string }> }) => e.inner);
    expect(err).to.deep.equal([{ ...err[0], path: T, message: MSG_EMAIL }]);
    expect(await schema.isValid({ [T]: 'a@b.fr' })).to.equal(true);
  });

  it('names posted fields the page does not know, and labels that are not the question\'s', () => {
    const qs = [q('simple_choice'), q('multiple_choice', { id: 4 }), q('matrix', { id: 5, matrix_subtype: 'multiple' })];
    expect(unknownAnswerFields(qs, { '1_2_3': '10', '1_2_4_11': '11', '1_2_5_20_10': '10', csrf_token: 'x' })).to.deep.equal([]);
    expect(unknownAnswerFields(qs, { '1_2_3': '99', '1_2_4_11': '10', '1_2_9': 'x', '1_2_3_comment': 'c', '1_2_5_20_10': '11' }))
      .to.deep.equal(['1_2_3', '1_2_4_11', '1_2_9', '1_2_3_comment', '1_2_5_20_10']);
  });
});
