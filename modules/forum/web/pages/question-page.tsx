import { useContext } from 'react';
import { countText, loginUrl } from '@platform/common';
import { page } from '@platform/web';
import { useLocalizedPath, useSession, useT, WebContext } from '@platform/web/client';
import type { ActionNotice, ForumRules, PostView, QuestionView } from '../../common/page-props';
import { FollowButton, type FollowButtonProps } from '@modules/website_mail';
import PostActions from '../islands/post-actions';
import AnswerForm from '../islands/answer-form';
import { EditLinks } from './edit-links';
import { TagLinks } from './forum-parts';
import { cachedFragment } from './post-fragments';

export interface QuestionPageProps {
  forumName: string;
  base: string;
  view: QuestionView;
  rules: ForumRules;
  uid: number;
  partnerId: number | null;
  karma: number;
  isPublic: boolean;
  csrfToken: string;
  /** The follow button's state (website_mail's widget): followers get its answers and comments. */
  follow?: FollowButtonProps;
  /** An answer the server refused: shown again in the form, with the reason. */
  answerDraft?: { html: string; text: string; error: string };
  /** What a post's button pressed without JavaScript was refused for (shown once, next to it). */
  notice?: ActionNotice;
}

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
function PostBlock({ post, p, isAnswer }: { post: PostView; p: QuestionPageProps; isAnswer: boolean }) {
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
function sharedInputs(p: QuestionPageProps): unknown[] {
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
        <Moderation p={p} post={post} isAnswer={isAnswer} />
        <EditLinks p={p} post={post} isAnswer={isAnswer} />
        <Comments p={p} post={post} />
      </div>
    </>
  );
}

/** The comments under a post, each deletable by who may (the server decides), and the comment form. */
function Comments({ p, post }: { p: QuestionPageProps; post: PostView }) {
  const _t = useT();
  const localized = useLocalizedPath();
  const mayDelete = (authorPartnerId: number) => p.karma >= (authorPartnerId === p.partnerId ? p.rules.karma_comment_unlink_own : p.rules.karma_comment_unlink_all);
  return (
    <div className="mt-2 forum-comments">
      {post.comments.length > 0 && (
        <ul className="list-unstyled border-start ps-3 small mb-2">
          {post.comments.map((c) => (
            <li key={c.id} className="mb-1 forum-comment d-flex flex-wrap gap-1 align-items-start">
              {/* Plain text escaped when posted (textToHtml). */}
              <span className="text-break" dangerouslySetInnerHTML={{ __html: c.body }} />
              <span className="text-body-secondary">— {c.authorName}</span>
              {!p.isPublic && mayDelete(c.authorPartnerId) && (
                <form method="post" action={localized(`${p.base}/post/${post.id}/comment/${c.id}/delete`)}>
                  <input type="hidden" name="csrf_token" value={p.csrfToken} />
                  <button type="submit" className="btn btn-link btn-sm p-0 text-danger">{_t('Delete')}</button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {!p.isPublic && post.state === 'active' && (
        <form method="post" action={localized(`${p.base}/post/${post.id}/comment`)} className="d-flex gap-2 forum-comment-form">
          <input type="hidden" name="csrf_token" value={p.csrfToken} />
          <label className="visually-hidden" htmlFor={`comment-${post.id}`}>{_t('Comment')}</label>
          <input id={`comment-${post.id}`} className="form-control form-control-sm" name="comment" required maxLength={2000} placeholder={_t('Add a comment')} />
          <button type="submit" className="btn btn-sm btn-outline-primary">{_t('Comment')}</button>
        </form>
      )}
    </div>
  );
}

/** Close/reopen and delete buttons, shown to those whose karma allows them (the server checks again). */
function Moderation({ p, post, isAnswer }: { p: QuestionPageProps; post: PostView; isAnswer: boolean }) {
  const _t = useT();
  const localized = useLocalizedPath();
  const own = post.authorId === p.uid;
  const canClose = !isAnswer && p.karma >= (own ? p.rules.karma_close_own : p.rules.karma_close_all);
  const canDelete = p.karma >= (own ? p.rules.karma_unlink_own : p.rules.karma_unlink_all);
  const actions: Array<[string, string]> = [
    ...(canClose && post.state === 'active' ? [['close', _t('Close')] as [string, string]] : []),
    ...(canClose && post.state === 'close' ? [['reopen', _t('Reopen')] as [string, string]] : []),
    ...(canDelete ? [['delete', _t('Delete')] as [string, string]] : []),
  ];
  if (p.isPublic || actions.length === 0) return null;
  return (
    <div className="d-flex gap-2 mt-2 forum-moderation">
      {actions.map(([action, label]) => (
        <form key={action} method="post" action={localized(`${p.base}/question/${post.id}/${action}`)}>
          <input type="hidden" name="csrf_token" value={p.csrfToken} />
          <button type="submit" className={`btn btn-sm ${action === 'delete' ? 'btn-outline-danger' : 'btn-outline-secondary'}`}>{label}</button>
        </form>
      ))}
    </div>
  );
}

/**
 * The answer form: without a refused answer to show again, its markup (the same for every page of the
 * question and viewer) comes from the fragment cache like the posts' (the form's state lives in the browser).
 */
function AnswerBlock({ p }: { p: QuestionPageProps }) {
  const context = useContext(WebContext)!;
  const form = (csrfToken: string) => (
    <AnswerForm base={p.base} questionId={p.view.question.id} csrfToken={csrfToken} forumId={p.rules.id} linkAndImage={p.karma >= p.rules.karma_editor}
      karmaEditor={p.rules.karma_editor} draft={p.answerDraft} />
  );
  if (p.answerDraft) return form(p.csrfToken);
  const inner = cachedFragment(context, { shared: sharedInputs(p), own: ['answer-form'] }, p.csrfToken, form);
  return <div className="forum-answer" dangerouslySetInnerHTML={{ __html: inner }} />;
}

function QuestionView(p: QuestionPageProps) {
  const _t = useT();
  const { lang } = useSession();
  const localized = useLocalizedPath();
  const q = p.view.question;
  const canAnswer = !p.isPublic && q.state === 'active';
  return (
    <section className="container py-4 forum-question">
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li></ol></nav>
      <h1 className="text-break">{q.name}</h1>
      {q.state === 'pending' && <div className="alert alert-warning">{_t('This question is waiting for a moderator before others can see it.')}</div>}
      {q.state === 'close' && <div className="alert alert-secondary">{_t('This question has been closed.')}</div>}
      <div className="mb-2"><TagLinks base={p.base} tags={q.tags} /><span className="small text-body-secondary ms-2">{countText(q.views, lang, '%s view', '%s views', _t)}</span></div>
      {p.follow && q.state === 'active' && <div className="mb-2 forum-follow"><FollowButton {...p.follow} followingText="You are following this question." /></div>}
      <PostBlock post={q} p={p} isAnswer={false} />
      <h2 className="h4 mt-4">{_t('Answers')} <span className="badge text-bg-secondary">{p.view.answers.length}</span></h2>
      {p.view.answers.map((a) => <PostBlock key={a.id} post={a} p={p} isAnswer />)}
      {p.answerDraft && !canAnswer && <div className="alert alert-danger mt-4" role="alert">{_t(p.answerDraft.error)}</div>}
      {canAnswer && <AnswerBlock p={p} />}
      {p.isPublic && <p className="mt-4"><a href={localized(loginUrl(`${p.base}/question/${q.id}`))}>{_t('Sign in to answer')}</a></p>}
    </section>
  );
}

export function questionPage(props: QuestionPageProps) {
  return page('%s', <QuestionView {...props} />, { titleArgs: [props.view.question.name] });
}
