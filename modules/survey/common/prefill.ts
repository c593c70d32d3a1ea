import { questionTag, type PostedAnswers, type PrefillAnswers, type QuestionSpec } from './survey-types';

/** Prefill (field -> list of values) as the page's form values, for the server's page and the island. */
export function prefillToPosted(questions: QuestionSpec[], prefill: PrefillAnswers): PostedAnswers {
  const out: PostedAnswers = {};
  for (const q of questions) {
    const tag = questionTag(q);
    const first = (k: string) => prefill[k]?.[0];
    if (q.type === 'multiple_choice') for (const id of prefill[tag] ?? []) out[`${tag}_${id}`] = id;
    else if (q.type === 'matrix') {
      for (const r of q.rows) for (const c of prefill[`${tag}_${r.id}`] ?? []) {
        if (q.matrix_subtype === 'simple') out[`${tag}_${r.id}`] = c; else out[`${tag}_${r.id}_${c}`] = c;
      }
    } else if (first(tag) !== undefined) out[tag] = first(tag);
    const comment = first(`${tag}_comment`);
    if (comment !== undefined) {
      out[`${tag}_comment`] = comment;
      if (q.type === 'simple_choice' && out[tag] === undefined) out[tag] = '-1';
      if (q.type === 'multiple_choice') out[`${tag}_-1`] = '-1';
    }
  }
  return out;
}
