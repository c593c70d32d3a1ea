import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { PostCard } from '../../common/page-props';
import { PostCardItem } from './forum-parts';

export interface UserProfileProps {
  forumName: string;
  base: string;
  name: string;
  karma: number;
  questions: PostCard[];
}

/** A forum user's public profile: name, karma and their latest questions in this forum. */
function UserProfile(p: UserProfileProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <section className="container py-4 forum-user-profile">
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li></ol></nav>
      <h1 className="text-break">{p.name}</h1>
      <p className="lead"><span className="badge text-bg-primary forum-karma">{p.karma}</span> {_t('karma')}</p>
      <h2 className="h4">{_t('Questions')}</h2>
      {p.questions.length === 0 ? <p className="text-body-secondary">{_t('No question here yet.')}</p> : (
        <ul className="list-group">{p.questions.map((q) => <PostCardItem key={q.id} base={p.base} post={q} />)}</ul>
      )}
    </section>
  );
}

export function userProfilePage(props: UserProfileProps) {
  return page('%s', <UserProfile {...props} />, { titleArgs: [props.name] });
}
