import { injectable } from 'inversify';
import { utcText } from '@platform/common';
import type { Session } from '@platform/http';
import type { Env } from '@platform/orm';

/** Ids a session remembers as already counted, per kind: the oldest are forgotten past this. */
const REMEMBERED = 200;
/** Referring hosts kept per slide: past this, forged Referer headers cannot grow the table, only known hosts count. */
export const MAX_EMBED_HOSTS = 500;

/**
 * Views, embed views and shares. A slide's page counts a view once per session (the session keeps the
 * ids it counted, as the reference); the embeddable viewer counts an embed view once per session, and
 * every load from another site adds one to that site's row of slide.embed (one row per referring
 * host, made or incremented by one upsert, so concurrent loads never make two rows).
 */
@injectable()
export class SlideCounters {
  /** True when this session had not counted the slide yet (and now has). */
  private firstTime(session: Session, key: string, id: number): boolean {
    const seen = Array.isArray(session.get(key)) ? (session.get(key) as number[]) : [];
    if (seen.includes(id)) return false;
    session.set(key, [...seen, id].slice(-REMEMBERED));
    return true;
  }

  async countView(env: Env, session: Session, slideId: number): Promise<boolean> {
    if (!this.firstTime(session, 'slides_viewed', slideId)) return false;
    await env.db('slide_slide').where({ id: slideId }).increment('slide_views', 1);
    return true;
  }

  async countEmbed(env: Env, session: Session, slideId: number, refererHost: string | null): Promise<void> {
    if (refererHost) {
      const host = refererHost.toLowerCase().slice(0, 255);
      const now = utcText();
      const known = await env.db('slide_embed').where({ slide_id: slideId, url: host }).increment('count_views', 1);
      if (!known) {
        const [{ n }] = await env.db('slide_embed').where({ slide_id: slideId }).count({ n: '*' });
        if (Number(n) < MAX_EMBED_HOSTS) {
          await env.db('slide_embed').insert({ slide_id: slideId, url: host, count_views: 1, create_date: now, write_date: now, create_uid: env.uid, write_uid: env.uid })
            .onConflict(['slide_id', 'url']).merge({ count_views: env.db.raw('slide_embed.count_views + 1'), write_date: now });
        }
      }
    }
    // A frame on another site usually gets no cookie (SameSite): such a load is counted without making
    // a session for it (a session row per anonymous load would grow without end).
    if (session.isNew) await env.db('slide_slide').where({ id: slideId }).increment('embed_views', 1);
    else if (this.firstTime(session, 'slides_embedded', slideId)) await env.db('slide_slide').where({ id: slideId }).increment('embed_views', 1);
  }

  /** A share button was followed: counted once per session and slide. */
  async countShare(env: Env, session: Session, slideId: number): Promise<void> {
    if (this.firstTime(session, 'slides_shared', slideId)) await env.db('slide_slide').where({ id: slideId }).increment('share_count', 1);
  }
}
