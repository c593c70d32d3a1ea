import { useState, type FormEvent, type ReactNode } from 'react';
import { defineIsland, rpc, RpcError, useLocalizedPath, useT } from '@platform/web/client';

export interface PostActionsProps {
  /** `/forum/<forum slug>`: the actions post to `<base>/post/<id>/<action>`. */
  base: string;
  postId: number;
  /** The question of the post (itself for a question): where visitors come back after signing in. */
  questionId: number;
  /** Without JavaScript each button is a form posting to `<action>/form` with this token (none for visitors). */
  csrfToken: string;
  isAnswer: boolean;
  isQuestion: boolean;
  voteCount: number;
  userVote: number;
  isCorrect: boolean;
  favourite: boolean;
  /** Karma each control needs, shown as the karma message before calling when the user lacks it. */
  karma: number;
  isPublic: boolean;
  isOwn: boolean;
  needs: { upvote: number; downvote: number; accept: number; flag: number };
  /** A refusal of a button pressed without JavaScript, shown once (a message, or the karma needed). */
  notice?: { message: string; karma?: number };
}

const ERRORS: Record<string, string> = {
  own_post: 'Sorry, you cannot vote for your own posts',
  post_already_flagged: 'This post is already flagged',
  post_non_flaggable: 'This post can not be flagged',
};
type ActionName = 'upvote' | 'downvote' | 'toggle_correct' | 'toggle_favourite' | 'flag';

/**
 * The buttons of a question or answer: votes (the user's vote coloured), accept (answers, for the
 * question's author or those with the karma), favourite (questions), flag. Each button is a plain form
 * (a post to `<action>/form` with the CSRF token; for visitors, the sign-in page) that works without
 * JavaScript; once hydrated, the island sends the JSON call instead and updates in place. The server
 * checks every rule; the island says the spec's message before calling when the karma is visibly short.
 */
function PostActions(p: PostActionsProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const [votes, setVotes] = useState({ count: p.voteCount, mine: p.userVote });
  const [correct, setCorrect] = useState(p.isCorrect);
  const [favourite, setFavourite] = useState(p.favourite);
  const [flagged, setFlagged] = useState(false);
  const karmaMessage = (n: number) => _t('%s karma is required to perform this action. You can earn karma by having your answers upvoted by the community.').replace('%s', String(n));
  const [message, setMessage] = useState(() => (!p.notice ? '' : p.notice.karma !== undefined ? karmaMessage(p.notice.karma) : _t(p.notice.message)));

  const call = async <T,>(action: ActionName, needed: number, anonymousMessage: string, apply: (result: T) => void) => {
    setMessage('');
    if (p.isPublic) return setMessage(_t(anonymousMessage));
    if (p.karma < needed && !(action === 'toggle_correct' && p.isOwn)) return setMessage(karmaMessage(needed));
    try {
      const result = await rpc<T>(path(action), {});
      const error = (result as { error?: string })?.error;
      if (error) return setMessage(_t(ERRORS[error] ?? anonymousMessage));
      apply(result);
    } catch (err) {
      setMessage(err instanceof RpcError ? err.message : String(err));
    }
  };
  const path = (action: ActionName) => `${p.base}/${action === 'toggle_favourite' ? 'question' : 'post'}/${p.postId}/${action}`;
  const vote = (arrow: 'upvote' | 'downvote') => call<{ vote_count: number; user_vote: number }>(arrow, arrow === 'upvote' ? p.needs.upvote : p.needs.downvote,
    'Sorry you must be logged to vote', (r) => setVotes({ count: r.vote_count, mine: r.user_vote }));

  /** One button's form: posts without JavaScript, calls the JSON route once hydrated. (A function, not a component: the forms keep their identity, and focus, across renders.) */
  const actionForm = (action: ActionName, run: () => void, children: ReactNode) => {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      run();
    };
    return p.isPublic ? (
      <form method="get" action={localized('/web/login')} onSubmit={submit}>
        <input type="hidden" name="redirect" value={localized(`${p.base}/question/${p.questionId}`)} />
        {children}
      </form>
    ) : (
      <form method="post" action={localized(`${path(action)}/form`)} onSubmit={submit}>
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        {children}
      </form>
    );
  };

  return (
    <div className="forum-post-actions d-flex flex-wrap flex-md-column align-items-center gap-2">
      {actionForm('upvote', () => vote('upvote'), (
        <button type="submit" className={`btn btn-sm ${votes.mine > 0 ? 'btn-success' : 'btn-outline-secondary'}`} aria-pressed={votes.mine > 0} aria-label={_t('Vote up')}>▲</button>
      ))}
      <span className="fw-bold forum-vote-count" aria-label={_t('Votes')}>{votes.count}</span>
      {actionForm('downvote', () => vote('downvote'), (
        <button type="submit" className={`btn btn-sm ${votes.mine < 0 ? 'btn-danger' : 'btn-outline-secondary'}`} aria-pressed={votes.mine < 0} aria-label={_t('Vote down')}>▼</button>
      ))}
      {p.isAnswer && actionForm('toggle_correct', () => call<boolean>('toggle_correct', p.needs.accept, 'Sorry, anonymous users cannot choose correct answer.', setCorrect), (
        <button type="submit" className={`btn btn-sm forum-accept ${correct ? 'btn-success' : 'btn-outline-success'}`} aria-pressed={correct} data-karma={p.needs.accept}>
          {correct ? _t('Accepted') : _t('Accept')}
        </button>
      ))}
      {p.isQuestion && !p.isPublic && actionForm('toggle_favourite', () => call<boolean>('toggle_favourite', 0, '', setFavourite), (
        <button type="submit" className={`btn btn-sm forum-favourite ${favourite ? 'btn-warning' : 'btn-outline-secondary'}`} aria-pressed={favourite}>
          ★ {favourite ? _t('Favourite') : _t('Add to favourites')}
        </button>
      ))}
      {actionForm('flag', () => call<{ success?: string }>('flag', p.needs.flag, 'Sorry you must be logged to flag a post', () => setFlagged(true)), (
        <button type="submit" className="btn btn-sm btn-link text-danger forum-flag" disabled={flagged}>
          {flagged ? _t('Flagged') : _t('Flag')}
        </button>
      ))}
      {message && <div className="alert alert-warning small mb-0 forum-action-message" role="alert" style={{ maxWidth: '16rem' }}>{message}</div>}
    </div>
  );
}

export default defineIsland('forum.post_actions', PostActions);
