/*
 * The results page's data (server -> page -> island) and its query string: filters are the keys
 * `<row_id>,<answer_id>` (row 0 for choice questions), `finished` keeps finished inputs only.
 */
export interface ResultFilter { row_id: number; answer_id: number }

export interface InputSummary { total_inputs: number; answered: number; skipped: number }

export interface ChoiceCount { text: string; count: number; answer_id: number }
export type GraphType = 'multi_bar' | 'bar' | 'pie' | '';
/** pie: [{text,count,answer_id}]; bar: [{key, values}]; multi_bar: one series per column. */
export type GraphData = ChoiceCount[] | Array<{ key: string; values: Array<{ text: string; count: number; answer_id?: number }> }>;

export interface QuestionResult {
  id: number;
  question: string;
  type: string;
  summary: InputSummary;
  graphType: GraphType;
  graphData: GraphData;
  /** Choices: counts per label (with the filter icon's ids). */
  choices?: ChoiceCount[];
  /** Matrix: columns, rows and the count of each (row, column). */
  matrix?: { cols: Array<{ id: number; value: string }>; rows: Array<{ id: number; value: string }>; counts: Record<string, number> };
  /** Text, date and number answers: their first page (the pager loads the others), and how many there are. */
  texts?: TextPage;
  comments?: TextPage;
  numbers?: { average: number; min: number; max: number; sum: number; most_common: Array<[number, number]> };
}

/** One page (from 0) of a question's text answers in the reference's order, `recordLimit` rows, and how many there are in all. */
export interface TextPage { rows: string[]; total: number; page: number }

export interface ResultsPageData {
  surveyId: number;
  title: string;
  pages: Array<{ id: number; title: string; questions: QuestionResult[] }>;
  filters: ResultFilter[];
  /** Labels of the active filters, to show what the page is restricted to. */
  filterLabels: string[];
  finished: boolean;
  totalInputs: number;
  recordLimit: number;
}

/** Reads `?0,12&7,15&finished`: parsing stops at the first key that is not a pair of ids. */
export function parseResultQuery(querystring: string): { filters: ResultFilter[]; finished: boolean } {
  const filters: ResultFilter[] = [];
  let finished = false;
  let stopped = false;
  for (const part of querystring.split('&')) {
    if (!part) continue;
    const key = decodeURIComponent(part.split('=')[0]);
    if (key === 'finished') { finished = true; continue; }
    if (stopped) continue;
    const m = /^(\d{1,10}),(\d{1,10})$/.exec(key);
    if (!m || filters.length >= 20) { stopped = true; continue; }
    filters.push({ row_id: Number(m[1]), answer_id: Number(m[2]) });
  }
  return { filters, finished };
}

/** The query string for these filters and flag (`?` included, or '' when empty). */
export function resultQuery(filters: ResultFilter[], finished: boolean): string {
  const keys = filters.map((f) => `${f.row_id},${f.answer_id}`);
  if (finished) keys.push('finished');
  return keys.length ? `?${keys.join('&')}` : '';
}

/** A label cut to `max` characters, ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
