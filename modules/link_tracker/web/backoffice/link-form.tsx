import { type BackofficeViewProps, GenericForm, useBackoffice } from '@platform/web/backoffice/client';

/**
 * A short link: its generic form (clicks are read-only statistics: the first ones as text, and how many),
 * with a way to its statistics page (`/r/<code>+`: charts by day, country and source).
 */
export default function LinkForm({ route, model }: BackofficeViewProps) {
  const { _t } = useBackoffice();
  return (
    <GenericForm model={model ?? 'link.tracker'} id={route.id} extraActions={(record) => (record.code
      ? <a className="btn btn-outline-secondary btn-sm link-statistics" href={`/r/${encodeURIComponent(String(record.code))}+`}>{_t('Statistics')}</a>
      : null)} />
  );
}
