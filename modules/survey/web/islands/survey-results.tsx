import { useState } from 'react';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { resultQuery, type QuestionResult, type ResultFilter, type ResultsPageData, type TextPage } from '../../common/results-types';
import { ResultsChart } from './results-chart';

export interface SurveyResultsProps extends ResultsPageData { resultsUrl: string }

/** The page numbers (from 0) a pager shows: the first, the last, and two either side of the current one. */
function pagerItems(current: number, pages: number): Array<number | null> {
  const shown = [...new Set([0, pages - 1, ...[-2, -1, 0, 1, 2].map((d) => current + d)])].filter((i) => i >= 0 && i < pages).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  shown.forEach((i, n) => {
    if (n && i - shown[n - 1] > 1) out.push(null);
    out.push(i);
  });
  return out;
}

/**
 * A table of text answers, `limit` per page, first page first (the server renders it); the pager
 * fetches any other page of all the answers in the page's scope (its filters and finished flag).
 */
function PagedAnswers({ questionId, comments, first, limit, label, scopeQuery, answersUrl }: {
  questionId: number; comments: boolean; first: TextPage; limit: number; label: string; scopeQuery: string; answersUrl: string;
}) {
  const _t = useT();
  const [shown, setShown] = useState<TextPage>(first);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pages = Math.max(1, Math.ceil(first.total / limit));
  if (!first.total) return <p className="text-body-secondary small">{_t('No answers')}</p>;
  const go = async (page: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const query = new URLSearchParams({ question: String(questionId), page: String(page) });
      const res = await fetch(`${answersUrl}?${query}${comments ? '&comments' : ''}${scopeQuery ? `&${scopeQuery}` : ''}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      setShown((await res.json()) as TextPage);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const offset = shown.page * limit;
  return (
    <div className="survey_pagination" data-question_id={questionId} data-record_limit={limit} aria-busy={loading}>
      <table className="table table-sm table-striped">
        <caption className="visually-hidden">{label}</caption>
        <thead><tr><th scope="col">#</th><th scope="col">{_t('Answer')}</th></tr></thead>
        <tbody>
          {shown.rows.map((r, i) => <tr key={offset + i}><td>{offset + i + 1}</td><td style={{ whiteSpace: 'pre-wrap' }}>{r}</td></tr>)}
        </tbody>
      </table>
      {failed ? <p className="small text-danger" role="alert">{_t('This page of answers could not be loaded. Please try again.')}</p> : null}
      {pages > 1 ? (
        <nav aria-label={`${label}: ${_t('pages')}`}>
          <ul className="pagination pagination-sm flex-wrap">
            {pagerItems(shown.page, pages).map((i, n) => (i === null ? (
              <li key={`gap${n}`} className="page-item disabled"><span className="page-link">…</span></li>
            ) : (
              <li key={i} className={`page-item${i === shown.page ? ' active' : ''}`}>
                <button type="button" className="page-link" disabled={loading} aria-current={i === shown.page ? 'page' : undefined} onClick={() => void go(i)}>{i + 1}</button>
              </li>
            )))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

function FilterLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className="filter-icon ms-2 text-decoration-none" aria-label={label} title={label}>
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M1.5 1.5A.5.5 0 0 1 2 1h12a.5.5 0 0 1 .4.8L10 7.7V13a.5.5 0 0 1-.3.5l-3 1.5A.5.5 0 0 1 6 14.5V7.7L1.6 1.8a.5.5 0 0 1-.1-.3z" /></svg>
    </a>
  );
}

function Question({ q, p, filterHref, answersUrl }: { q: QuestionResult; p: SurveyResultsProps; filterHref: (f: ResultFilter) => string; answersUrl: string }) {
  const _t = useT();
  const scopeQuery = resultQuery(p.filters, p.finished).slice(1);
  const s = q.summary;
  return (
    <article className="card mb-4" aria-labelledby={`q${q.id}_title`}>
      <div className="card-body">
        <h3 className="h5 card-title" id={`q${q.id}_title`}>{q.question}</h3>
        <p className="small mb-3">
          <span className="badge text-bg-primary me-1">{s.answered} {_t('answered')}</span>
          <span className="badge text-bg-secondary">{s.skipped} {_t('skipped')}</span>
        </p>
        {q.graphType ? <ResultsChart questionId={q.id} graphType={q.graphType} graphData={q.graphData} /> : null}
        {q.choices ? (
          <div className="table-responsive" role="region" aria-label={`${q.question}: ${_t('answers')}`} tabIndex={0}>
            <table className="table table-sm">
              <thead><tr><th scope="col">{_t('Answer')}</th><th scope="col">{_t('User responses')}</th></tr></thead>
              <tbody>
                {q.choices.map((c) => (
                  <tr key={c.answer_id}>
                    <td>{c.text}<FilterLink href={filterHref({ row_id: 0, answer_id: c.answer_id })} label={`${_t('Filter on')} ${c.text}`} /></td>
                    <td>{s.answered ? Math.round((c.count * 1000) / s.answered) / 10 : 0}% <span className="text-body-secondary">({c.count})</span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {q.matrix ? (
          <div className="table-responsive" role="region" aria-label={`${q.question}: ${_t('answers')}`} tabIndex={0}>
            <table className="table table-sm text-center">
              <thead><tr><td />{q.matrix.cols.map((c) => <th scope="col" key={c.id}>{c.value}</th>)}</tr></thead>
              <tbody>
                {q.matrix.rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" className="text-start">{r.value}</th>
                    {q.matrix!.cols.map((c) => (
                      <td key={c.id}>{q.matrix!.counts[`${r.id},${c.id}`] ?? 0}<FilterLink href={filterHref({ row_id: r.id, answer_id: c.id })} label={`${_t('Filter on')} ${r.value}: ${c.value}`} /></td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {q.numbers ? (
          <p className="small">
            {_t('Average')}: <strong>{q.numbers.average}</strong> · {_t('Minimum')}: <strong>{q.numbers.min}</strong> · {_t('Maximum')}: <strong>{q.numbers.max}</strong> · {_t('Sum')}: <strong>{q.numbers.sum}</strong>
            {q.numbers.most_common.length ? <> · {_t('Most common')}: {q.numbers.most_common.map(([v, n]) => `${v} (${n})`).join(', ')}</> : null}
          </p>
        ) : null}
        {q.texts ? <PagedAnswers questionId={q.id} comments={false} first={q.texts} limit={p.recordLimit} label={q.question} scopeQuery={scopeQuery} answersUrl={answersUrl} /> : null}
        {q.comments && q.comments.total ? (
          <>
            <h4 className="h6">{_t('Comments')}</h4>
            <PagedAnswers questionId={q.id} comments first={q.comments} limit={p.recordLimit} label={`${q.question}: ${_t('Comments')}`} scopeQuery={scopeQuery} answersUrl={answersUrl} />
          </>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The results of a survey. Filters are full page navigations with query strings: the filter icon of
 * an answer adds `row_id,answer_id`, "Clear filter" drops the query, the finished/all toggle sets or
 * drops `finished`. Works without JavaScript but for the charts and the text tables' further pages.
 */
function SurveyResults(p: SurveyResultsProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const base = localized(p.resultsUrl);
  const filterHref = (f: ResultFilter) => `${base}${resultQuery([...p.filters.filter((x) => x.row_id !== f.row_id || x.answer_id !== f.answer_id), f], p.finished)}`;
  return (
    <div className="js_surveyresult">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="btn-group btn-group-sm" role="group" aria-label={_t('Which answers')}>
          <a className={`btn ${p.finished ? 'btn-outline-primary' : 'btn-primary'}`} href={`${base}${resultQuery(p.filters, false)}`} aria-current={!p.finished ? 'true' : undefined}>{_t('All surveys')}</a>
          <a className={`btn ${p.finished ? 'btn-primary' : 'btn-outline-primary'}`} href={`${base}${resultQuery(p.filters, true)}`} aria-current={p.finished ? 'true' : undefined}>{_t('Finished surveys')}</a>
        </div>
        <span className="small">{_t('Answers counted')}: <strong>{p.totalInputs}</strong></span>
      </div>
      {p.filters.length ? (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status">
          <span>{_t('Filtered on')}: {p.filterLabels.join(', ')}</span>
          <a className="btn btn-sm btn-outline-dark clear_survey_filter" href={base}>{_t('Clear filter')}</a>
        </div>
      ) : null}
      {p.pages.map((pg) => (
        <section key={pg.id} aria-labelledby={`page${pg.id}_title`}>
          <h2 className="h4 mt-4" id={`page${pg.id}_title`}>{pg.title}</h2>
          {pg.questions.map((q) => <Question key={q.id} q={q} p={p} filterHref={filterHref} answersUrl={`${base}/answers`} />)}
        </section>
      ))}
    </div>
  );
}

export default defineIsland('survey.results', SurveyResults);
