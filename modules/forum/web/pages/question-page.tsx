import { useContext } from 'react';
import { countText, loginUrl } from '@platform/common';
import { page } from '@platform/web';
import { useLocalizedPath, useSession, useT, WebContext } from '@platform/web/client';
import type { QuestionPageProps } from './question-props';
import { FollowButton } from '@modules/website_mail';
import AnswerForm from '../islands/answer-form';
import { TagLinks } from './forum-parts';
import { PostBlock, sharedInputs } from './post-block';
import { cachedFragment } from './post-fragments';

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
