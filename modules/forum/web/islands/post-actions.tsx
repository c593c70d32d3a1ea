import { useState } from 'react';
import { defineIsland } from '@platform/web/island';
import { rpc, RpcError } from '@platform/web/client/rpc';
import { useT } from '@platform/web/client/web-context';

export interface PostActionsProps {
  /** `/forum/<forum slug>`: the actions post to `<base>/post/<id>/<action>`. */
  base: string;
  postId: number;
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
}

const ERRORS: Record<string, string> = {
  own_post: 'Sorry, you cannot vote for your own posts',
  post_already_flagged: 'This post is already flagged',
  post_non_flaggable: 'This post can not be flagged',
};

/**
 * The buttons of a question or answer: votes (the user's vote coloured), accept (answers, for the
 * question's author or those with the karma), favourite (questions), flag. The server checks every
 * rule; the island says the spec's message before calling when the karma is visibly short.
 */
function PostActions(p: PostActionsProps) {
  const _t = useT();
  const [votes, setVotes] = useState({ count: p.voteCount, mine: p.userVote });
  const [correct, setCorrect] = useState(p.isCorrect);
  const [favourite, setFavourite] = useState(p.favourite);
  const [flagged, setFlagged] = useState(false);
  const [message, setMessage] = useState('');

  const karmaMessage = (n: number) => _t('%s karma is required to perform this action. You can earn karma by having your answers upvoted by the community.').replace('%s', String(n));
  const call = async <T,>(action: string, needed: number, anonymousMessage: string, apply: (result: T) => void) => {
    setMessage('');
    if (p.isPublic) return setMessage(_t(anonymousMessage));
    if (p.karma < needed && !(action === 'toggle_correct' && p.isOwn)) return setMessage(karmaMessage(needed));
    try {
      const result = await rpc<T>(`${p.base}/${action === 'toggle_favourite' ? 'question' : 'post'}/${p.postId}/${action}`, {});
      const error = (result as { error?: string })?.error;
      if (error) return setMessage(_t(ERRORS[error] ?? anonymousMessage));
      apply(result);
    } catch (err) {
      setMessage(err instanceof RpcError ? err.message : String(err));
    }
  };
  const vote = (arrow: 'upvote' | 'downvote') => call<{ vote_count: number; user_vote: number }>(arrow, arrow === 'upvote' ? p.needs.upvote : p.needs.downvote,
    'Sorry you must be logged to vote', (r) => setVotes({ count: r.vote_count, mine: r.user_vote }));

  return (
    <div className="forum-post-actions d-flex flex-wrap flex-md-column align-items-center gap-2">
      <button type="button" className={`btn btn-sm ${votes.mine > 0 ? 'btn-success' : 'btn-outline-secondary'}`} aria-pressed={votes.mine > 0} aria-label={_t('Vote up')} onClick={() => vote('upvote')}>▲</button>
      <span className="fw-bold forum-vote-count" aria-label={_t('Votes')}>{votes.count}</span>
      <button type="button" className={`btn btn-sm ${votes.mine < 0 ? 'btn-danger' : 'btn-outline-secondary'}`} aria-pressed={votes.mine < 0} aria-label={_t('Vote down')} onClick={() => vote('downvote')}>▼</button>
      {p.isAnswer && (
        <button type="button" className={`btn btn-sm forum-accept ${correct ? 'btn-success' : 'btn-outline-success'}`} aria-pressed={correct} data-karma={p.needs.accept}
          onClick={() => call<boolean>('toggle_correct', p.needs.accept, 'Sorry, anonymous users cannot choose correct answer.', setCorrect)}>
          {correct ? _t('Accepted') : _t('Accept')}
        </button>
      )}
      {p.isQuestion && !p.isPublic && (
        <button type="button" className={`btn btn-sm forum-favourite ${favourite ? 'btn-warning' : 'btn-outline-secondary'}`} aria-pressed={favourite}
          onClick={() => call<boolean>('toggle_favourite', 0, '', setFavourite)}>★ {favourite ? _t('Favourite') : _t('Add to favourites')}</button>
      )}
      <button type="button" className="btn btn-sm btn-link text-danger forum-flag" disabled={flagged}
        onClick={() => call<{ success?: string }>('flag', p.needs.flag, 'Sorry you must be logged to flag a post', () => setFlagged(true))}>
        {flagged ? _t('Flagged') : _t('Flag')}
      </button>
      {message && <div className="alert alert-warning small mb-0 forum-action-message" role="alert" style={{ maxWidth: '16rem' }}>{message}</div>}
    </div>
  );
}

export default defineIsland('forum.post_actions', PostActions);
