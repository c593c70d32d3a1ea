import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { FieldErrors, PostType } from '../../common/post-schemas';
import AskForm, { type AskFormProps } from '../islands/ask-form';
import ValidationNotice from '../islands/validation-notice';

export interface AskPageProps {
  forumName: string;
  base: string;
  postType: PostType;
  csrfToken: string;
  /** The forum's id and the thresholds the form shows tools by. */
  rules: { id: number; karma_editor: number; karma_tag_create: number; karma_ask: number };
  /** At karma 0: the validation mail is still to send (ask) or on its way (sent); validating gives `startingKarma`. */
  validation?: 'ask' | 'sent' | null;
  startingKarma?: number;
  /** The asker's karma: the editor's link and image tools, and whether new tags may be created. */
  karma: number;
  /** What was typed, shown again with the messages when the post is refused. */
  values?: AskFormProps['values'];
  /** The schema's messages, each shown under its field. */
  errors?: FieldErrors;
  /** A refusal of the whole post (karma, a forum rule, the link), shown above the form. */
  error?: string;
}

const HEADINGS: Record<PostType, string> = { question: 'Ask a question', link: 'Share a link', discussion: 'Start a discussion' };

/** The ask page: the heading and the ask form (an island: formik on the schema the server checks). */
function AskPage(p: AskPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <section className="container py-4 forum-ask" style={{ maxWidth: '48rem' }}>
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li></ol></nav>
      <h1>{_t(HEADINGS[p.postType])}</h1>
      {p.error && <div className="alert alert-danger" role="alert">{_t(p.error)}</div>}
      {p.karma < p.rules.karma_ask && (p.karma === 0 && p.validation
        ? <ValidationNotice forumId={p.rules.id} state={p.validation} toAsk={{ needed: p.rules.karma_ask, gain: p.startingKarma ?? 0 }} />
        : <div className="alert alert-warning forum-karma-to-ask" role="status">{_t('You need %s karma to post here: you earn karma when the community upvotes your answers and questions.').replace('%s', String(p.rules.karma_ask))}</div>)}
      <AskForm base={p.base} postType={p.postType} csrfToken={p.csrfToken} forumId={p.rules.id}
        linkAndImage={p.karma >= p.rules.karma_editor} karmaEditor={p.rules.karma_editor}
        mayCreate={p.karma >= p.rules.karma_tag_create} createKarma={p.rules.karma_tag_create}
        values={p.values} errors={p.errors} />
    </section>
  );
}

export function askPage(props: AskPageProps) {
  const refused = Boolean(props.error) || Object.keys(props.errors ?? {}).length > 0;
  return page(HEADINGS[props.postType], <AskPage {...props} />, { status: refused ? 400 : 200 });
}
