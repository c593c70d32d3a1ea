import { createHash } from 'node:crypto';
import { injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ResultFilter } from '../../common/results-types';

const KEYS = 'survey_result_key';
const INPUTS = 'survey_user_input';
const LINES = 'survey_user_input_line';

/** The columns of a line that count on the results page. */
export interface KeyLine { question_id: number; skipped: unknown; answer_type: string | null; value_suggested: number | null; value_suggested_row: number | null }

/** A result key read back: what every input holding it counts for. */
export interface ParsedKey {
  state: string;
  answered: number[];
  skipped: number[];
  /** Choice questions with a comment line. */
  comments: number[];
  /** Chosen labels: [question, label, row (0 outside matrices)], one per line. */
  cells: Array<[number, number, number]>;
}

const isSkipped = (v: unknown) => v === true || Number(v) === 1;
const isTest = isSkipped;
/** The state written in the key of a test entry (a manager trying the survey): in no results' scope. */
const TEST = 'test';

/**
 * Result keys (see the migration 20261127230000): `keyOf` writes an input's key from its lines,
 * `assign` stores it on the input and its lines (its only writer calls it in the transaction that
 * changed them), `fill` gives keys to inputs written another way (demo data, bulk imports), `counts`
 * groups a survey's inputs by key.
 */
@injectable()
export class ResultKeys {
  /**
   * Canonical text: the state ('test' for a test entry), then sorted tokens `a<q>` answered, `s<q>`
   * skipped, `t<q>` a text line (a choice question's comment; a textbox's answer too, unused there),
   * `<q>:<label>:<row>` chosen.
   */
  keyOf(state: string, lines: KeyLine[]): string {
    const tokens = new Set<string>();
    for (const l of lines) {
      const q = Number(l.question_id);
      if (isSkipped(l.skipped)) { tokens.add(`s${q}`); continue; }
      tokens.add(`a${q}`);
      if (l.value_suggested) tokens.add(`${q}:${Number(l.value_suggested)}:${Number(l.value_suggested_row ?? 0)}`);
      else if (l.answer_type === 'text' && l.value_suggested === null && l.value_suggested_row === null) tokens.add(`t${q}`);
    }
    return [state, ...[...tokens].sort()].join(' ');
  }

  parse(key: string): ParsedKey {
    const [state, ...tokens] = key.split(' ');
    const out: ParsedKey = { state, answered: [], skipped: [], comments: [], cells: [] };
    for (const t of tokens) {
      if (t[0] === 'a') out.answered.push(Number(t.slice(1)));
      else if (t[0] === 's') out.skipped.push(Number(t.slice(1)));
      else if (t[0] === 't') out.comments.push(Number(t.slice(1)));
      else { const [q, l, r] = t.split(':').map(Number); out.cells.push([q, l, r]); }
    }
    return out;
  }

  /**
   * Whether an input with this key is in the results' scope: finished only, and the reference's line
   * domain (value_suggested in the row-0 answers, AND for each matrix filter: row OR answer), which one
   * of its lines must match. Only chosen labels carry a label or a row, so the cells decide.
   */
  inScope(k: ParsedKey, filters: ResultFilter[], finished: boolean): boolean {
    if (k.state === TEST) return false;
    if (finished && k.state !== 'done') return false;
    if (!filters.length) return true;
    const choices = filters.filter((f) => f.row_id === 0).map((f) => f.answer_id);
    const matrix = filters.filter((f) => f.row_id !== 0);
    return k.cells.some(([, label, row]) => (!choices.length || choices.includes(label)) && matrix.every((f) => row === f.row_id || label === f.answer_id));
  }

  /** The id of a key of this survey, created when new (two writers of the same new key get the same row). */
  async idOf(db: Knex, surveyId: number, key: string): Promise<number> {
    const hash = createHash('sha256').update(key).digest('hex');
    const found = await db(KEYS).where({ survey_id: surveyId, hash }).first('id');
    if (found) return Number(found.id);
    await db(KEYS).insert({ survey_id: surveyId, hash, key }).onConflict(['survey_id', 'hash']).ignore();
    return Number((await db(KEYS).where({ survey_id: surveyId, hash }).first('id')).id);
  }

  /** Stores the key of an input from its current lines (call in the transaction that wrote them, the input locked). */
  async assign(db: Knex, surveyId: number, inputId: number, state: string): Promise<void> {
    const lines = (await db(LINES).where({ user_input_id: inputId }).select('question_id', 'skipped', 'answer_type', 'value_suggested', 'value_suggested_row')) as KeyLine[];
    const test = await db(INPUTS).where({ id: inputId }).first('test_entry');
    const id = await this.idOf(db, surveyId, this.keyOf(isTest(test?.test_entry) ? TEST : state, lines));
    await db(INPUTS).where({ id: inputId }).update({ result_key_id: id });
    await db(LINES).where({ user_input_id: inputId }).update({ result_key_id: id });
  }

  /**
   * Keys for the inputs past 'new' that have none (written by demo data or an import, not by the
   * answers' writer), a thousand at a time. A key written meanwhile by the writer wins: an input is
   * only updated while it still has none.
   */
  async fill(db: Knex, surveyId: number): Promise<number> {
    let done = 0;
    for (;;) {
      const inputs = (await db(INPUTS).where({ survey_id: surveyId }).whereNull('result_key_id').whereNot('state', 'new').orderBy('id').limit(1000).select('id', 'state', 'test_entry')) as Array<{ id: number; state: string; test_entry: unknown }>;
      if (!inputs.length) return done;
      const lines = (await db(LINES).whereIn('user_input_id', inputs.map((i) => i.id)).select('user_input_id', 'question_id', 'skipped', 'answer_type', 'value_suggested', 'value_suggested_row')) as Array<KeyLine & { user_input_id: number }>;
      const byInput = new Map<number, KeyLine[]>();
      for (const l of lines) {
        const list = byInput.get(Number(l.user_input_id));
        if (list) list.push(l); else byInput.set(Number(l.user_input_id), [l]);
      }
      const byKey = new Map<string, number[]>();
      for (const i of inputs) {
        const key = this.keyOf(isTest(i.test_entry) ? TEST : i.state, byInput.get(Number(i.id)) ?? []);
        const list = byKey.get(key);
        if (list) list.push(Number(i.id)); else byKey.set(key, [Number(i.id)]);
      }
      await db.transaction(async (tx) => {
        for (const [key, ids] of byKey) {
          const id = await this.idOf(tx, surveyId, key);
          for (let i = 0; i < ids.length; i += 500) {
            const chunk = ids.slice(i, i + 500);
            const updated = await tx(INPUTS).whereIn('id', chunk).whereNull('result_key_id').update({ result_key_id: id });
            if (updated) await tx(LINES).whereIn('user_input_id', tx(INPUTS).whereIn('id', chunk).where('result_key_id', id).select('id')).update({ result_key_id: id });
          }
        }
      });
      done += inputs.length;
    }
  }

  /** The survey's inputs past 'new' grouped by key: [key id, key text, inputs]. */
  async counts(db: Knex, surveyId: number): Promise<Array<{ id: number; key: string; n: number }>> {
    const rows = (await db(INPUTS).where({ survey_id: surveyId }).whereNotNull('result_key_id').groupBy('result_key_id')
      .select('result_key_id').count({ n: '*' })) as Array<{ result_key_id: number; n: unknown }>;
    const texts = new Map<number, string>();
    const ids = rows.map((r) => Number(r.result_key_id));
    for (let i = 0; i < ids.length; i += 500) {
      for (const k of await db(KEYS).whereIn('id', ids.slice(i, i + 500)).select('id', 'key')) texts.set(Number(k.id), String(k.key));
    }
    return rows.map((r) => ({ id: Number(r.result_key_id), key: texts.get(Number(r.result_key_id)) ?? 'new', n: Number(r.n) }));
  }
}
