import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import SurveyResults, { type SurveyResultsProps } from '../islands/survey-results';

function ResultsBody(p: SurveyResultsProps) {
  const _t = useT();
  return (
    <section className="container py-4 survey-results">
      <h1 className="h2">{_t('Results')}: {p.title}</h1>
      <SurveyResults {...p} />
    </section>
  );
}

/** `/survey/results/<id>`, survey managers only. */
export function resultsPage(props: SurveyResultsProps) {
  return page('Survey results', <ResultsBody {...props} />);
}

export function noResultsPage(title: string) {
  return page('Survey results', <NoResults title={title} />);
}

function NoResults({ title }: { title: string }) {
  const _t = useT();
  return (
    <section className="container py-5">
      <h1 className="h2">{_t('Results')}: {title}</h1>
      <p>{_t('Sorry, no one answered this survey yet.')}</p>
    </section>
  );
}
