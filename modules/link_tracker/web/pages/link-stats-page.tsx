import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { Row } from '@platform/orm';
import LinkStats, { type LinkStatsProps } from '../islands/link-stats';

function BackToLinks() {
  const _t = useT();
  const localized = useLocalizedPath();
  return <p><a href={localized('/r')}>← {_t('All links')}</a></p>;
}

const name = (v: unknown): string | null => (Array.isArray(v) ? String(v[1]) : null);

/** `/r/<code>+`: a link's statistics, charts drawn by the island from the click calls. */
export function linkStatsPage(link: Row, baseUrl: string) {
  const props: LinkStatsProps = {
    linkId: link.id as number,
    url: String(link.url),
    title: link.title ? String(link.title) : String(link.url),
    shortUrl: `${baseUrl}/r/${String(link.code ?? '')}`,
    code: String(link.code ?? ''),
    count: Number(link.count ?? 0),
    uniqueCount: Number(link.unique_count ?? 0),
    campaign: name(link.campaign_id),
    medium: name(link.medium_id),
    source: name(link.source_id),
  };
  return page('Statistics of %s', (
    <section className="link-tracker link-stats-page">
      <BackToLinks />
      <LinkStats {...props} />
    </section>
  ), { titleArgs: [props.title] });
}
