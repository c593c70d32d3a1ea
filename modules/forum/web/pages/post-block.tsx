import { useContext } from 'react';
import { useLocalizedPath, useT, WebContext } from '@platform/web/client';
import type { PostView } from '../../common/page-props';
import PostActions from '../islands/post-actions';
import { EditLinks } from './edit-links';
import { cachedFragment } from './post-fragments';
import { PostComments } from './post-comments';
import { PostModeration } from './post-moderation';
import type { QuestionPageProps } from './question-props';

/** The author's name, a link to their profile when they have one (karma 1 or more). */
function AuthorLink({ base, id, name, karma }: { base: string; id: number; name: string; karma: number }) {
  const localized = useLocalizedPath();
  return karma >= 1 ? <a className="link-secondary" href={localized(`${base}/user/${id}`)}>{name}</a> : <>{name}</>;
}

/**
 * A post: its markup inside the article comes from the page's fragment cache (post-fragments.tsx), keyed
 * by everything it is rendered from: the post as read (its views excepted: the page shows them, not the
 * post) and the viewer's facts and rules the buttons depend on.
 */
export function PostBlock({ post, p, isAnswer }: { post: PostView; p: QuestionPageProps; isAnswer: boolean }) {
  const context = useContext(WebContext)!;
  // The post's revision stands for the post as read (a short key); without one, the post itself.
  const own = post.revision ? [post.revision, post.userVote, post.favourite] : { ...post, views: 0 };
  const inputs = { shared: sharedInputs(p), own: [isAnswer, own, p.notice?.postId === post.id ? p.notice : null] };
  const inner = cachedFragment(context, inputs, p.csrfToken, (csrfMark) => <PostInner post={post} p={{ ...p, csrfToken: csrfMark }} isAnswer={isAnswer} />);
  return (
    <article className={`d-flex flex-column flex-md-row gap-3 py-3 forum-post${isAnswer ? ' border-top' : ''}${post.isCorrect ? ' forum-answer-correct' : ''}`} id={`post-${post.id}`}
      dangerouslySetInnerHTML={{ __html: inner }} />
  );
}

const shared = new WeakMap<QuestionPageProps, unknown[]>();

/** What every post's markup of a page is rendered from besides the post: the viewer's facts and the rules. */
export function sharedInputs(p: QuestionPageProps): unknown[] {
  let inputs = shared.get(p);
  if (!inputs) shared.set(p, (inputs = [p.base, p.rules, p.uid, p.partnerId, p.karma, p.isPublic, p.view.question.id, p.view.question.authorId]));
  return inputs;
}

/** What a post's article holds: its buttons, text, author, moderation and edit links, comments. */
function PostInner({ post, p, isAnswer }: { post: PostView; p: QuestionPageProps; isAnswer: boolean }) {
  const _t = useT();
  const isOwnQuestion = p.view.question.authorId === p.uid;
  return (
    <>
      <PostActions
        base={p.base} postId={post.id} questionId={p.view.question.id} csrfToken={p.csrfToken} isAnswer={isAnswer}
        notice={p.notice?.postId === post.id ? { message: p.notice.message, karma: p.notice.karma } : undefined} isQuestion={!isAnswer} voteCount={post.voteCount} userVote={post.userVote}
        isCorrect={post.isCorrect} favourite={post.favourite} karma={p.karma} isPublic={p.isPublic} isOwn={isOwnQuestion}
        needs={{ upvote: p.rules.karma_upvote, downvote: p.rules.karma_downvote, flag: p.rules.karma_flag, accept: isOwnQuestion ? p.rules.karma_answer_accept_own : p.rules.karma_answer_accept_all }}
      />
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        {post.contentLink && <p><a href={post.contentLink} rel="nofollow noopener noreferrer" className="text-break">{post.contentLink}</a></p>}
        {/* Sanitised when written (the html field's sanitiser). */}
        <div className="forum-post-content text-break" dangerouslySetInnerHTML={{ __html: post.content }} />
        <p className="small text-body-secondary mb-0"><AuthorLink base={p.base} id={post.authorId} name={post.authorName} karma={post.authorKarma} /> · {post.authorKarma} {_t('karma')}{post.isCorrect && <span className="badge text-bg-success ms-2">{_t('Accepted answer')}</span>}</p>
        <PostModeration p={p} post={post} isAnswer={isAnswer} />
        <EditLinks p={p} post={post} isAnswer={isAnswer} />
        <PostComments p={p} post={post} />
      </div>
    </>
  );
}
