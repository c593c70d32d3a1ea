/*
 * Which posted fields a page may carry: anything else (a question of another page or survey, a label
 * that is not the question's, a forged key) is refused before anything is written.
 */
import { questionTag, type PostedAnswers, type QuestionSpec } from './survey-types';

/** Fields a page form posts besides the answers. */
export const PAGE_FORM_FIELDS = ['page_id', 'token', 'csrf_token', 'button_submit'];

/** The fields (and the values) a page's questions do not know. */
export function unknownAnswerFields(questions: QuestionSpec[], values: PostedAnswers): string[] {
  const allowed = new Map<string, (v: string) => boolean>();
  const any = () => true;
  for (const q of questions) {
    const tag = questionTag(q);
    const labelIds = new Set(q.labels.map((l) => String(l.id)));
    const hasComment = q.comments_allowed;
    if (['free_text', 'textbox', 'numerical_box', 'date', 'datetime'].includes(q.type)) allowed.set(tag, any);
    if (q.type === 'simple_choice') allowed.set(tag, (v) => v === '' || labelIds.has(v) || (hasComment && v === '-1'));
    if (q.type === 'multiple_choice') {
      for (const l of q.labels) allowed.set(`${tag}_${l.id}`, (v) => v === String(l.id));
      if (hasComment) allowed.set(`${tag}_-1`, (v) => v === '-1');
    }
    if (q.type === 'matrix') {
      for (const r of q.rows) {
        if (q.matrix_subtype === 'simple') allowed.set(`${tag}_${r.id}`, (v) => v === '' || labelIds.has(v));
        else for (const c of q.labels) allowed.set(`${tag}_${r.id}_${c.id}`, (v) => v === String(c.id));
      }
    }
    if (hasComment) allowed.set(`${tag}_comment`, any);
  }
  const bad: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (PAGE_FORM_FIELDS.includes(key) || value === undefined) continue;
    const check = allowed.get(key);
    if (!check || typeof value !== 'string' || !check(value)) bad.push(key);
  }
  return bad;
}
