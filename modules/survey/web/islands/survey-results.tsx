import { useState } from 'react';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { resultQuery, type QuestionResult, type ResultFilter, type ResultsPageData } from '../../common/results-types';
import { ResultsChart } from './results-chart';

export interface SurveyResultsProps extends ResultsPageData { resultsUrl: string }

/** A table of text answers, `recordLimit` per page, first page first (pages change in the browser). */
function PagedAnswers({ id, rows, total, limit, label }: { id: string; rows: string[]; total: number; limit: number; label: string }) {
  const _t = useT();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / limit));
  if (!rows.length) return <p className="text-body-secondary small">{_t('No answers')}</p>;
  return (
    <div className="survey_pagination" data-question_id={id} data-record_limit={limit}>
      <table className="table table-sm table-striped">
        <caption className="visually-hidden">{label}</caption>
        <thead><tr><th scope="col">#</th><th scope="col">{_t('Answer')}</th></tr></thead>
        <tbody>
          {rows.slice(page * limit, page * limit + limit).map((r, i) => <tr key={i}><td>{page * limit + i + 1}</td><td style={{ whiteSpace: 'pre-wrap' }}>{r}</td></tr>)}
        </tbody>
      </table>
      {total > rows.length ? <p className="small text-body-secondary">{_t('Latest answers shown:')} {rows.length} / {total}</p> : null}
      {rows.length > limit ? (
        <nav aria-label={`${label}: ${_t('pages')}`}>
          <ul className="pagination pagination-sm flex-wrap">
            {Array.from({ length: pages }, (_, i) => (
              <li key={i} className={`page-item${i === page ? ' active' : ''}`}>
                <button type="button" className="page-link" aria-current={i === page ? 'page' : undefined} onClick={() => setPage(i)}>{i + 1}</button>
              </li>
            )).slice(0, 50)}
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

function Question({ q, p, filterHref }: { q: QuestionResult; p: SurveyResultsProps; filterHref: (f: ResultFilter) => string }) {
  const _t = useT();
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
        {q.texts ? <PagedAnswers id={String(q.id)} rows={q.texts.rows} total={q.texts.total} limit={p.recordLimit} label={q.question} /> : null}
        {q.comments && q.comments.rows.length ? (
          <>
            <h4 className="h6">{_t('Comments')}</h4>
            <PagedAnswers id={`${q.id}_comments`} rows={q.comments.rows} total={q.comments.total} limit={p.recordLimit} label={`${q.question}: ${_t('Comments')}`} />
          </>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The results of a survey. Filters are full page navigations with query strings: the filter icon of
 * an answer adds `row_id,answer_id`, "Clear filter" drops the query, the finished/all toggle sets or
 * drops `finished`. Works without JavaScript but for the charts and the table pages.
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
          {pg.questions.map((q) => <Question key={q.id} q={q} p={p} filterHref={filterHref} />)}
        </section>
      ))}
    </div>
  );
}

export default defineIsland('survey.results', SurveyResults);
