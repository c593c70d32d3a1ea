import { inject, injectable } from 'inversify';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { SurveyStructureReader } from './survey-structure';

/** A cell that a spreadsheet would read as a formula is quoted (`'=...`); quotes are doubled. */
function cell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A timestamp as `YYYY-MM-DD hh:mm:ss` UTC, whichever driver read it (PostgreSQL gives a Date, SQLite the text). */
function dateText(v: unknown): string {
  if (v instanceof Date) return utcText(v);
  return v === null || v === undefined ? '' : String(v);
}

/**
 * The answers of a survey as CSV (UTF-8 with a BOM): one line per input, one column per question;
 * several values of a question (choices, matrix cells, a comment) joined by ' | '.
 */
@injectable()
export class SurveyExport {
  constructor(@inject(SurveyStructureReader) private readonly structure: SurveyStructureReader) {}

  async csv(env: Env, surveyId: number): Promise<string | null> {
    const s = await this.structure.load(env, surveyId);
    if (!s) return null;
    const questions = s.pages.flatMap((p) => p.questions);
    const labels = new Map(questions.flatMap((q) => [...q.labels, ...q.rows]).map((l) => [l.id, l.value]));
    const col = new Map(questions.map((q, i) => [q.id, i]));
    const inputs = await env.db('survey_user_input').where({ survey_id: surveyId, test_entry: false }).whereNot('state', 'new').orderBy('id').select('id', 'token', 'state', 'email', 'create_date', 'quizz_score');
    const out: string[] = [['id', 'state', 'email', 'date', 'score', ...questions.map((q) => q.question)].map(cell).join(',')];
    const CHUNK = 500;
    for (let i = 0; i < inputs.length; i += CHUNK) {
      const chunk = inputs.slice(i, i + CHUNK);
      const lines = await env.db('survey_user_input_line').whereIn('user_input_id', chunk.map((x) => x.id)).where('skipped', false).orderBy('id');
      const byInput = new Map<number, string[][]>();
      for (const l of lines) {
        const cells = byInput.get(Number(l.user_input_id)) ?? questions.map(() => []);
        byInput.set(Number(l.user_input_id), cells);
        const value = l.answer_type === 'suggestion'
          ? (l.value_suggested_row ? `${labels.get(Number(l.value_suggested_row))}: ` : '') + (labels.get(Number(l.value_suggested)) ?? '')
          : String(l.value_text ?? l.value_free_text ?? l.value_date ?? (l.value_number ?? ''));
        cells[col.get(Number(l.question_id)) ?? 0].push(value);
      }
      for (const x of chunk) {
        const cells = byInput.get(Number(x.id)) ?? questions.map(() => []);
        out.push([String(x.id), String(x.state), String(x.email ?? ''), dateText(x.create_date), String(x.quizz_score ?? 0), ...cells.map((c) => c.join(' | '))].map(cell).join(','));
      }
    }
    return `\uFEFF${out.join('\r\n')}\r\n`;
  }
}
