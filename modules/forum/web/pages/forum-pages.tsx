import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { ForumSummary, ListFilter, PostCard, Sorting } from '../../common/page-props';
import { forumPath, slug } from '../../common/forum-urls';
import ValidationNotice, { type ValidationNoticeProps } from '../islands/validation-notice';
import ForumNotifications, { type ForumNotificationItem } from '../islands/forum-notifications';
import { FollowButton, type FollowButtonProps } from '@modules/website_mail';
import { Pager, PostCardItem } from './forum-parts';

function ForumList({ forums }: { forums: ForumSummary[] }) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <section className="container py-4 forum-index">
      <h1 className="mb-4">{_t('Forums')}</h1>
      {forums.length === 0 ? <p>{_t('No forum yet.')}</p> : (
        <div className="row g-3">
          {forums.map((f) => (
            <div key={f.id} className="col-12 col-md-6">
              <div className="card h-100"><div className="card-body">
                <h2 className="h5 card-title"><a href={localized(forumPath(f))}>{f.name}</a></h2>
                <p className="card-text text-body-secondary">{f.description}</p>
              </div></div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

export function forumListPage(forums: ForumSummary[]) {
  return page('Forums', <ForumList forums={forums} />);
}

export interface ForumPageProps {
  forum: ForumSummary;
  base: string;
  posts: PostCard[];
  total: number;
  page: number;
  pages: number;
  filter: ListFilter;
  sorting: Sorting;
  search: string;
  tag: { id: number; name: string } | null;
  isPublic: boolean;
  /** Shown to moderators: the number of questions waiting for validation. */
  pendingCount: number | null;
  /** The e-mail validation notice, for signed-in users with karma 0 or who just validated. */
  validation: ValidationNoticeProps['state'] | null;
  /** The signed-in user's unread notifications (none for visitors). */
  notifications?: ForumNotificationItem[];
  /** The forum's follow button (website_mail's widget): followers hear of each new question. */
  follow?: FollowButtonProps;
}

const SORT_LABELS: Array<[Sorting, string]> = [['write_date desc', 'Last Updated'], ['create_date desc', 'Newest'], ['vote_count desc', 'Most Voted'], ['relevancy desc', 'Relevance'], ['child_count desc', 'Answered']];

function ForumView(p: ForumPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const listPath = p.tag ? `${p.base}/tag/${slug(p.tag.name, p.tag.id)}/questions` : p.base;
  const query = (over: Partial<{ filter: string; sorting: string; search: string }>) => {
    const q = new URLSearchParams({ filter: p.filter, sorting: p.sorting, search: p.search, ...over });
    for (const [k, v] of [...q.entries()]) if (!v || (k === 'filter' && v === 'all')) q.delete(k);
    const s = q.toString();
    return s ? `?${s}` : '';
  };
  const filters: Array<[ListFilter, string]> = [['all', 'All'], ['unanswered', 'Unanswered'], ...(p.isPublic ? [] : [['followed', 'Followed'] as [ListFilter, string]])];
  return (
    <section className="container py-4 forum-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="me-auto mb-0 text-break">{p.forum.name}{p.tag && <small className="text-body-secondary"> · {p.tag.name}</small>}</h1>
        {p.pendingCount !== null && <a className="btn btn-outline-secondary" href={localized(`${p.base}/validation_queue`)}>{_t('To validate')} <span className="badge text-bg-secondary">{p.pendingCount}</span></a>}
        {p.pendingCount !== null && <a className="btn btn-outline-secondary" href={localized(`${p.base}/flagged_queue`)}>{_t('Flagged posts')}</a>}
        <a className="btn btn-primary" href={localized(`${p.base}/ask`)}>{_t('Ask a question')}</a>
      </div>
      {p.follow && <div className="mb-3 forum-follow"><FollowButton {...p.follow} followingText="You are following this forum." /></div>}
      {p.validation && <ValidationNotice forumId={p.forum.id} state={p.validation} />}
      {!p.isPublic && <ForumNotifications base={p.base} notifications={p.notifications ?? []} />}
      {p.forum.welcomeMessage && p.isPublic && <div className="alert alert-info forum-welcome" dangerouslySetInnerHTML={{ __html: p.forum.welcomeMessage }} />}
      <form className="row g-2 mb-3" method="get" action={localized(listPath)} role="search">
        <div className="col-12 col-md-6">
          <label className="visually-hidden" htmlFor="forum-search">{_t('Search')}</label>
          <input id="forum-search" className="form-control" type="search" name="search" maxLength={100} defaultValue={p.search} placeholder={_t('Search...')} />
        </div>
        <div className="col-8 col-md-4">
          <label className="visually-hidden" htmlFor="forum-sorting">{_t('Sort by')}</label>
          <select id="forum-sorting" className="form-select" name="sorting" defaultValue={p.sorting}>
            {SORT_LABELS.map(([v, label]) => <option key={v} value={v}>{_t(label)}</option>)}
          </select>
        </div>
        <input type="hidden" name="filter" value={p.filter} />
        <div className="col-4 col-md-2"><button className="btn btn-outline-primary w-100" type="submit">{_t('Search')}</button></div>
      </form>
      <ul className="nav nav-pills mb-3">
        {filters.map(([f, label]) => (
          <li key={f} className="nav-item"><a className={`nav-link${p.filter === f ? ' active' : ''}`} aria-current={p.filter === f ? 'page' : undefined} href={localized(listPath) + query({ filter: f })}>{_t(label)}</a></li>
        ))}
      </ul>
      {p.posts.length === 0 ? <p className="text-body-secondary">{_t('No question here yet.')}</p> : (
        <ul className="list-group mb-3">{p.posts.map((post) => <PostCardItem key={post.id} base={p.base} post={post} />)}</ul>
      )}
      <Pager page={p.page} pages={p.pages} href={(n) => localized(n === 1 ? listPath : `${listPath}/page/${n}`) + query({})} />
    </section>
  );
}

export function forumPage(props: ForumPageProps) {
  return page('%s', <ForumView {...props} />, { titleArgs: [props.tag ? `${props.forum.name} · ${props.tag.name}` : props.forum.name] });
}
