import { page } from '@platform/web/render';
import { useLocalizedPath, useT } from '@platform/web/client/web-context';
import type { PostCard } from '../../server/services/forum-pages-data';

export interface ValidationQueueProps {
  forumName: string;
  base: string;
  posts: PostCard[];
  csrfToken: string;
}

/** The questions waiting for a moderator, each with its Validate and Refuse buttons (form posts). */
function ValidationQueue(p: ValidationQueueProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <section className="container py-4 forum-validation-queue">
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li></ol></nav>
      <h1>{_t('Questions to validate')}</h1>
      {p.posts.length === 0 ? <p>{_t('Nothing is waiting.')}</p> : (
        <ul className="list-group">
          {p.posts.map((post) => (
            <li key={post.id} className="list-group-item forum-queue-item">
              <h2 className="h5 text-break">{post.name}</h2>
              <p className="small text-body-secondary text-break">{post.excerpt} · {post.authorName}</p>
              <div className="d-flex gap-2">
                {(['validate', 'refuse'] as const).map((d) => (
                  <form key={d} method="post" action={localized(`${p.base}/post/${post.id}/${d}`)}>
                    <input type="hidden" name="csrf_token" value={p.csrfToken} />
                    <button type="submit" className={`btn btn-sm ${d === 'validate' ? 'btn-success' : 'btn-outline-danger'}`}>{d === 'validate' ? _t('Validate') : _t('Refuse')}</button>
                  </form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function validationQueuePage(props: ValidationQueueProps) {
  return page('Questions to validate', <ValidationQueue {...props} />);
}
