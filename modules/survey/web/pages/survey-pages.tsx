import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import SurveyForm, { type SurveyFormProps } from '../islands/survey-form';

/** The page around the form: its titles and place in the survey, then the form island's own props. */
export interface FillPageProps extends SurveyFormProps {
  title: string;
  pageTitle: string;
  pageDescription: string;
  pageIndex: number;
  pageCount: number;
}

function FillBody(p: FillPageProps) {
  const _t = useT();
  const { title, pageTitle, pageDescription, pageIndex, pageCount, ...form } = p;
  return (
    <section className="container py-4 survey" style={{ maxWidth: 860 }}>
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary small">{_t('Page %s of %s').replace('%s', String(pageIndex + 1)).replace('%s', String(pageCount))}</p>
      <h2 className="h4">{pageTitle}</h2>
      {pageDescription ? <p>{pageDescription}</p> : null}
      {Object.keys(p.errors).length ? <div className="alert alert-danger" role="alert">{_t('Some answers need your attention.')}</div> : null}
      <SurveyForm {...form} />
    </section>
  );
}

/** A page of questions (also the print view, with `printMode`). */
export function fillPage(props: FillPageProps) {
  return page(props.title, <FillBody {...props} />, { status: Object.keys(props.errors).length ? 400 : 200 });
}

export interface NoticeProps { title: string; heading: string; text: string; link?: { href: string; label: string } }

function NoticeBody(p: NoticeProps) {
  const _t = useT();
  return (
    <section className="container py-5 survey" style={{ maxWidth: 860 }}>
      <h1 className="h2">{p.title}</h1>
      <h2 className="h4">{_t(p.heading)}</h2>
      {p.text ? <p style={{ whiteSpace: 'pre-line' }}>{p.text}</p> : null}
      {p.link ? <a className="btn btn-primary" href={p.link.href}>{_t(p.link.label)}</a> : null}
    </section>
  );
}

/** The intro, thank-you, closed and login-required pages. */
export function noticePage(props: NoticeProps, status = 200) {
  return page(props.title, <NoticeBody {...props} />, { status });
}

export interface SurveyListProps { surveys: Array<{ id: number; title: string; description: string }> }

function ListBody({ surveys }: SurveyListProps) {
  const _t = useT();
  return (
    <section className="container py-4 survey" style={{ maxWidth: 860 }}>
      <h1 className="h2">{_t('Surveys')}</h1>
      {surveys.length ? null : <p>{_t('No survey is open at the moment.')}</p>}
      {surveys.map((s) => (
        <article key={s.id} className="card mb-3" aria-labelledby={`survey_${s.id}_title`}>
          <div className="card-body">
            <h2 className="h5 card-title" id={`survey_${s.id}_title`}>{s.title}</h2>
            {s.description ? <p className="card-text">{s.description}</p> : null}
            <a className="btn btn-primary" href={`/survey/start/${s.id}`} aria-describedby={`survey_${s.id}_title`}>{_t('Start survey')}</a>
          </div>
        </article>
      ))}
    </section>
  );
}

/** `/survey`: the open surveys anyone may answer. */
export function surveyListPage(props: SurveyListProps) {
  return page('Surveys', <ListBody {...props} />);
}
