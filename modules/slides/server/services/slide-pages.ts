import { inject, injectable } from 'inversify';
import moment from 'moment';
import { MissingError, type Domain, type Leaf } from '@platform/core';
import type { Env, Row } from '@platform/orm';
import type { requestDates } from '@platform/web';
import type { ChannelCard, ChannelPageProps, Choice, SlideCard } from '../../common/page-props';
import { RELATIVE_DATE_DAYS, SLIDE_NOT_FOUND_MESSAGE, SLIDES_PER_PAGE, slideUrls, type SlideType } from '../../common/slide-constants';
import type { ChannelQuery } from '../../common/slide-schemas';
import { CATEGORY_MODEL } from '../models/slide-category';
import { CHANNEL_MODEL } from '../models/slide-channel';
import { SLIDE_MODEL } from '../models/slide-slide';
import { TAG_MODEL } from '../models/slide-tag';
import { SlideAccess, type ChannelFacts } from './slide-access';

type DateFormatter = Awaited<ReturnType<typeof requestDates>>;

const CARD_FIELDS = ['name', 'slide_type', 'slide_views', 'likes', 'dislikes', 'date_published', 'create_date', 'website_published', 'description'];
const SORTS: Record<string, string> = { date: 'date_published desc, id desc', view: 'slide_views desc, id desc', vote: 'likes desc, id desc' };
const TYPES: SlideType[] = ['document', 'presentation', 'infographic', 'video'];

/** Dates older than 7 days as a date, newer ones relative (SPEC 9), in the reader's language. */
export function slideDate(dates: DateFormatter, value: unknown, now = Date.now()): string {
  if (typeof value !== 'string' || !value) return '';
  const age = now - moment.utc(value).valueOf();
  return age > RELATIVE_DATE_DAYS * 86_400_000 ? dates.date(value) : dates.fromNow(value);
}

/**
 * What the slides' pages show, read with the caller's rights (the record rules decide which channels
 * and slides they see).
 */
@injectable()
export class SlidePages {
  constructor(@inject(SlideAccess) private readonly access: SlideAccess) {}

  /** Which of these slides have a picture, without reading the pictures (base64 text) themselves. */
  async withImage(env: Env, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    return new Set((await env.db('slide_slide').whereIn('id', ids).whereNotNull('image').pluck('id')).map(Number));
  }

  async cards(env: Env, dates: DateFormatter, rows: Row[]): Promise<SlideCard[]> {
    const pictured = await this.withImage(env, rows.map((r) => Number(r.id)));
    return rows.map((r) => this.card(dates, r, pictured.has(Number(r.id))));
  }

  card(dates: DateFormatter, r: Row, hasImage: boolean): SlideCard {
    return {
      id: Number(r.id), name: String(r.name), url: slideUrls.slide({ id: Number(r.id), name: String(r.name) }),
      imageUrl: hasImage ? slideUrls.image(Number(r.id)) : null, slideType: r.slide_type as SlideType,
      views: Number(r.slide_views ?? 0), likes: Number(r.likes ?? 0), dislikes: Number(r.dislikes ?? 0),
      date: slideDate(dates, r.date_published || r.create_date), published: Boolean(r.website_published),
      description: typeof r.description === 'string' ? r.description.slice(0, 300) : '',
    };
  }

  private async counts(env: Env, channelIds: number[]): Promise<Map<number, Record<SlideType, number>>> {
    const out = new Map<number, Record<SlideType, number>>();
    if (!channelIds.length) return out;
    const groups = await env.model(SLIDE_MODEL).read_group([['channel_id', 'in', channelIds], ['website_published', '=', true]], ['channel_id'], ['channel_id', 'slide_type'], { lazy: false });
    for (const g of groups) {
      const cid = Number((g.channel_id as [number, string])[0]);
      const c = out.get(cid) ?? { document: 0, presentation: 0, infographic: 0, video: 0 };
      c[g.slide_type as SlideType] = Number(g.__count ?? g.channel_id_count ?? 0);
      out.set(cid, c);
    }
    return out;
  }

  channelCard(row: Row, counts: Record<SlideType, number> | undefined): ChannelCard {
    const c = counts ?? { document: 0, presentation: 0, infographic: 0, video: 0 };
    return {
      id: Number(row.id), name: String(row.name), url: slideUrls.channel({ id: Number(row.id), name: String(row.name) }),
      description: typeof row.description === 'string' ? row.description : '', visibility: String(row.visibility),
      counts: c, total: TYPES.reduce((n, t) => n + c[t], 0),
    };
  }

  async channels(env: Env): Promise<ChannelCard[]> {
    const rows = await env.model(CHANNEL_MODEL).search_read([], ['name', 'description', 'visibility'], { limit: 200 });
    const counts = await this.counts(env, rows.map((r) => Number(r.id)));
    return rows.map((r) => this.channelCard(r, counts.get(Number(r.id))));
  }

  async channelPage(env: Env, dates: DateFormatter, channelId: number, q: ChannelQuery): Promise<ChannelPageProps> {
    const facts = await this.access.channel(env, channelId);
    const counts = await this.counts(env, [channelId]);
    const channel = this.channelCard({ id: facts.id, name: facts.name, description: facts.description, visibility: facts.visibility }, counts.get(channelId));
    const slides = env.model(SLIDE_MODEL);
    const domain: Domain = [['channel_id', '=', channelId]];
    if (q.search) {
      // The search ignores the other filters (as the reference).
      domain.push('|', '|', ['name', 'ilike', q.search], ['description', 'ilike', q.search], ['index_content', 'ilike', q.search]);
    } else {
      if (q.category) domain.push(['category_id', '=', q.category]);
      if (q.tag) domain.push(['tag_ids', 'in', [q.tag]]);
      if (q.slide_type) domain.push(['slide_type', '=', q.slide_type]);
    }
    const total = await slides.search_count(domain);
    const pageCount = Math.max(1, Math.ceil(total / SLIDES_PER_PAGE));
    const page = Math.min(q.page, pageCount);
    const rows = await slides.search_read(domain, CARD_FIELDS, { limit: SLIDES_PER_PAGE, offset: (page - 1) * SLIDES_PER_PAGE, order: SORTS[q.sorting] ?? SORTS.date });
    const categoryRows = await env.model(CATEGORY_MODEL).search_read([['channel_id', '=', channelId]], ['name'], { limit: 100 });
    const categoryCounts = await slides.read_group([['channel_id', '=', channelId], ['category_id', '!=', false]], ['category_id'], ['category_id'], { lazy: false });
    const byCategory = new Map(categoryCounts.map((g) => [Number((g.category_id as [number, string])[0]), Number(g.__count ?? 0)]));
    const categories: Choice[] = categoryRows.map((c) => ({ id: Number(c.id), name: String(c.name), count: byCategory.get(Number(c.id)) ?? 0 }));
    const tagRows = await env.model(TAG_MODEL).search_read([['id', 'in', await this.channelTagIds(env, channelId)]], ['name'], { limit: 100 });
    return {
      channel, categories, tags: tagRows.map((t) => ({ id: Number(t.id), name: String(t.name) })),
      slides: await this.cards(env, dates, rows), promoted: q.search || q.category || q.tag || q.slide_type || page > 1 ? null : await this.promoted(env, dates, facts),
      total, page, pageCount, query: { sorting: q.sorting, search: q.search, category: q.category, tag: q.tag, slide_type: q.slide_type },
      canUpload: await this.access.canUpload(env, facts), canPublish: this.access.canPublish(env),
    };
  }

  private async channelTagIds(env: Env, channelId: number): Promise<number[]> {
    const rows = await env.model(SLIDE_MODEL).search_read([['channel_id', '=', channelId]], ['tag_ids'], { limit: 1000 });
    return [...new Set(rows.flatMap((r) => (r.tag_ids as number[]) ?? []))];
  }

  /** The channel's featured slide by its strategy (reference: most voted by default). */
  async promoted(env: Env, dates: DateFormatter, facts: ChannelFacts): Promise<SlideCard | null> {
    const slides = env.model(SLIDE_MODEL);
    const published: Leaf = ['website_published', '=', true];
    let rows: Row[] = [];
    if (facts.promoteStrategy === 'custom' && facts.customSlideId) rows = await slides.search_read([['id', '=', facts.customSlideId]], CARD_FIELDS, { limit: 1 });
    else if (facts.promoteStrategy !== 'none') {
      const order = facts.promoteStrategy === 'latest' ? SORTS.date : facts.promoteStrategy === 'most_viewed' ? SORTS.view : SORTS.vote;
      rows = await slides.search_read([['channel_id', '=', facts.id], published], CARD_FIELDS, { limit: 1, order });
    }
    return rows[0] ? (await this.cards(env, dates, rows.slice(0, 1)))[0] : null;
  }

  async slide(env: Env, slideId: number): Promise<Row> {
    const [row] = await env.model(SLIDE_MODEL).search_read([['id', '=', slideId]], [
      'name', 'channel_id', 'description', 'category_id', 'tag_ids', 'slide_type', 'mime_type', 'page_count', 'url', 'document_id',
      'likes', 'dislikes', 'slide_views', 'embed_views', 'share_count', 'website_published', 'date_published', 'create_date', 'attachment_id',
    ], { limit: 1 });
    if (!row) throw new MissingError(SLIDE_NOT_FOUND_MESSAGE);
    row.has_image = (await this.withImage(env, [slideId])).has(slideId);
    return row;
  }

  /** Up to 6 of the same category, then the most viewed of the channel (the reference's two lists). */
  async related(env: Env, dates: DateFormatter, slide: Row): Promise<{ related: SlideCard[]; mostViewed: SlideCard[] }> {
    const channelId = (slide.channel_id as [number, string])[0];
    const categoryId = Array.isArray(slide.category_id) ? slide.category_id[0] : null;
    const m = env.model(SLIDE_MODEL);
    const base: Domain = [['channel_id', '=', channelId], ['id', '!=', Number(slide.id)], ['website_published', '=', true]];
    const related = categoryId ? await m.search_read([...base, ['category_id', '=', categoryId]], CARD_FIELDS, { limit: 6 }) : [];
    const shown = related.map((r) => Number(r.id));
    const mostViewed = await m.search_read([...base, ['id', 'not in', shown]], CARD_FIELDS, { limit: 6, order: SORTS.view });
    return { related: await this.cards(env, dates, related), mostViewed: await this.cards(env, dates, mostViewed) };
  }

  async tagsOf(env: Env, ids: number[]): Promise<Choice[]> {
    if (!ids.length) return [];
    return (await env.model(TAG_MODEL).read(ids, ['name'])).map((t) => ({ id: Number(t.id), name: String(t.name) }));
  }
}
