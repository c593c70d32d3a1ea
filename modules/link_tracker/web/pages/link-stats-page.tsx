import { page } from '@platform/web/render';
import type { Row } from '@platform/orm/record-reader';
import LinkStats, { type LinkStatsProps } from '../islands/link-stats';

const name = (v: unknown): string | null => (Array.isArray(v) ? String(v[1]) : null);

/** `/r/<code>+`: a link's statistics, charts drawn by the island from the click calls. */
export function linkStatsPage(link: Row) {
  const props: LinkStatsProps = {
    linkId: link.id as number,
    url: String(link.url),
    title: link.title ? String(link.title) : String(link.url),
    shortUrl: String(link.short_url ?? ''),
    code: String(link.code ?? ''),
    count: Number(link.count ?? 0),
    uniqueCount: Number(link.unique_count ?? 0),
    campaign: name(link.campaign_id),
    medium: name(link.medium_id),
    source: name(link.source_id),
  };
  return page(`Statistics of ${props.title}`, (
    <section className="link-tracker link-stats-page">
      <p><a href="/r">← All links</a></p>
      <LinkStats {...props} />
    </section>
  ));
}
