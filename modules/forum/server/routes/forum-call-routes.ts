import { inject, injectable } from 'inversify';
import { number, object, string } from 'yup';
import type { Domain, Leaf } from '@platform/core';
import { FetchFailedError, type RouteContribution, type RouteDefinition, safeFetch, UnsafeUrlError } from '@platform/http';
import { TAG_MODEL } from '../models/forum-tag';
import { ForumPostService } from '../services/forum-post-service';
import { normaliseLinkUrl } from '../services/link-rules';
import { TAG_MAX, TAG_SEARCH_SIZE } from '../../common/tag-rules';

/**
 * The forum's small calls (SPEC 7): tag suggestions for the tag selector, the title of a link being
 * shared (fetched through the platform's SSRF-safe fetch), bumping a question.
 */
@injectable()
export class ForumCallRoutes implements RouteContribution {
  constructor(@inject(ForumPostService) private readonly posts: ForumPostService) {}

  routes(): RouteDefinition[] {
    return [
      {
        // GET, JSON text: tags whose name starts with q (case ignored), at most l (50).
        path: '/forum/get_tags', type: 'http', auth: 'public',
        handler: async (req) => {
          const q = typeof req.params.q === 'string' ? req.params.q.slice(0, TAG_MAX) : '';
          const l = Math.min(TAG_SEARCH_SIZE, Math.max(1, Number.parseInt(String(req.params.l ?? TAG_SEARCH_SIZE), 10) || TAG_SEARCH_SIZE));
          // Tag names hold no '%' or '_' (a separator): dropped, so the prefix is matched literally.
          const escaped = q.replace(/[\\%_]/g, '');
          // forum_id (optional, the tag selector sends it): that forum's tags only, the ones a post there may use.
          const forumId = /^\d{1,9}$/.test(String(req.params.forum_id ?? '')) ? Number(req.params.forum_id) : null;
          const domain: Domain = [...(q ? [['name', '=ilike', `${escaped}%`] as Leaf] : []), ...(forumId ? [['forum_id', '=', forumId] as Leaf] : [])];
          const rows = await req.env.model(TAG_MODEL).search_read(domain, ['name'], { limit: l });
          const found = q && !escaped ? [] : rows;
          req.reply.send(JSON.stringify(found.map((r) => ({ id: Number(r.id), name: String(r.name) }))), 'application/json');
        },
      },
      {
        path: '/forum/get_url_title', type: 'json', auth: 'user', params: object({ url: string().required().max(2048) }),
        rateLimit: { name: 'forum.url_title', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: async (req) => {
          const url = normaliseLinkUrl(String(req.params.url));
          if (!url || url.startsWith('ftp:')) return false;
          try {
            const res = await safeFetch(url, { timeoutMs: 5000, maxBytes: 1024 * 1024 });
            const title = /<title[^>]*>([^<]{1,500})<\/title>/i.exec(res.body.toString('utf8'));
            return title ? decodeEntities(title[1].trim()) : false;
          } catch (err) {
            if (err instanceof UnsafeUrlError || err instanceof FetchFailedError) return false;
            throw err;
          }
        },
      },
      {
        path: '/forum/post/bump', type: 'json', auth: 'public', params: object({ post_id: number().integer().min(1).max(2_147_483_647).required() }),
        rateLimit: { name: 'forum.bump', limit: 30, perAccount: 30, windowSeconds: 600 },
        handler: (req) => (req.isPublic ? false : this.posts.bump(req.env, Number(req.params.post_id))),
      },
    ];
  }
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}
