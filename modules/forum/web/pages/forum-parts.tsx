import { countText } from '@platform/common';
import { useLocalizedPath, useSession, useT } from '@platform/web/client';
import type { PostCard } from '../../common/page-props';
import { slug } from '../../common/forum-urls';

/** The tags of a post, each a link to its tag page. */
export function TagLinks({ base, tags }: { base: string; tags: PostCard['tags'] }) {
  const localized = useLocalizedPath();
  return (
    <>
      {tags.map((t) => <a key={t.id} className="badge text-bg-light border me-1 text-decoration-none" href={localized(`${base}/tag/${slug(t.name, t.id)}/questions`)}>{t.name}</a>)}
    </>
  );
}

/** One question in a list: counters, title, excerpt, tags, author. */
export function PostCardItem({ base, post }: { base: string; post: PostCard }) {
  const _t = useT();
  const { lang } = useSession();
  const localized = useLocalizedPath();
  return (
    <li className="list-group-item forum-post-card">
      <div className="d-flex gap-3">
        <div className="text-center text-body-secondary small flex-shrink-0" style={{ minWidth: '4rem' }}>
          <div className="text-body">{countText(post.voteCount, lang, '%s vote', '%s votes', _t)}</div>
          <div className={post.hasValidatedAnswer ? 'text-success' : undefined}>{countText(post.childCount, lang, '%s answer', '%s answers', _t)}</div>
          <div>{countText(post.views, lang, '%s view', '%s views', _t)}</div>
        </div>
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <h2 className="h5 mb-1 text-break"><a href={localized(`${base}/question/${slug(post.name, post.id)}`)}>{post.name}</a></h2>
          <p className="mb-1 text-body-secondary small text-break">{post.excerpt}</p>
          <div className="d-flex flex-wrap align-items-center gap-1 small">
            <TagLinks base={base} tags={post.tags} />
            <span className="ms-auto text-body-secondary">{post.authorName}</span>
          </div>
        </div>
      </div>
    </li>
  );
}

/** Bootstrap pagination over `pages` pages; `href(n)` is the URL of page n. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  const _t = useT();
  if (pages <= 1) return null;
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  return (
    <nav aria-label={_t('Pages')}>
      <ul className="pagination flex-wrap">
        {shown.map((n) => (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <a className="page-link" href={href(n)} aria-current={n === page ? 'page' : undefined}>{n}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
