import { inject, injectable } from 'inversify';
import { MissingError, UserError, ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import { POST_MODEL } from '../models/forum-post';
import { cleanPostHtml } from './content-rules';
import { ForumKarma } from './forum-karma';
import type { EditablePost, ForumRules } from '../../common/page-props';
import { ForumPostTags } from './forum-post-tags';
import { plainText } from './plain-text';
import { KarmaError } from './karma-error';
import { PostCounts } from './post-counts';

/** What the edit form may change; an absent key is left as it is. */
export interface PostChanges {
  name?: string;
  content?: string;
  /** The tag selector's text (questions only). */
  tags?: string;
}

const EDITABLE_STATES = ['active', 'pending', 'close'];
const PLAIN_CONTENT_SIZE = 500;

/**
 * Editing and retagging posts (reference 1.2 write): the title and text need karma_edit_own on one's
 * own post and karma_edit_all on others'; the tags need karma_edit_retag, and a new tag karma_tag_create
 * too (as when asking). Every change is checked here, whatever the form showed, then written as the superuser.
 */
@injectable()
export class ForumPostEditing {
  constructor(
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumPostTags) private readonly tags: ForumPostTags,
    @inject(PostCounts) private readonly counts: PostCounts,
  ) {}

  async editable(env: Env, forumId: number, postId: number): Promise<EditablePost> {
    // Read with the caller's rights first: a post they cannot see does not exist for them.
    const [visible] = await env.model(POST_MODEL).search_read([['id', '=', postId], ['forum_id', '=', forumId]], ['id'], { limit: 1 });
    if (!visible) throw new MissingError('This post does not exist.');
    const [row] = await env.sudo().model(POST_MODEL).read([postId], ['name', 'content', 'tag_ids', 'parent_id', 'create_uid', 'post_type', 'state', 'active']);
    const rules = await this.karma.rules(env, forumId);
    const karma = await this.karma.of(env, env.uid);
    const author = Array.isArray(row.create_uid) ? Number(row.create_uid[0]) : Number(row.create_uid ?? 0);
    const parent = Array.isArray(row.parent_id) ? Number(row.parent_id[0]) : null;
    const tagIds = (row.tag_ids as number[]) ?? [];
    const tags = tagIds.length ? await env.sudo().model('forum.tag').read(tagIds, ['name']) : [];
    const editKarma = author === env.uid ? rules.karma_edit_own : rules.karma_edit_all;
    const open = Boolean(row.active) && EDITABLE_STATES.includes(String(row.state));
    return {
      id: postId, forumId, questionId: parent ?? postId, isQuestion: parent === null, postType: String(row.post_type),
      open, name: String(row.name ?? ''), content: String(row.content ?? ''), tags: tags.map((t) => String(t.name)),
      mayEdit: open && this.karma.allows(env, karma, rules, author === env.uid ? 'karma_edit_own' : 'karma_edit_all'),
      mayRetag: open && parent === null && this.karma.allows(env, karma, rules, 'karma_edit_retag'),
      mayLinkAndImage: this.karma.allows(env, karma, rules, 'karma_editor'),
      mayCreateTag: this.karma.allows(env, karma, rules, 'karma_tag_create'),
      karmaEditor: rules.karma_editor, tagCreateKarma: rules.karma_tag_create, editKarma,
    };
  }

  /** Applies the changes the caller may make; any other is refused with the karma message, and nothing is written. */
  async save(env: Env, forumId: number, postId: number, changes: PostChanges): Promise<EditablePost> {
    return env.transaction(async (tx) => {
      const post = await this.editable(tx, forumId, postId);
      const rules: ForumRules = await this.karma.rules(tx, forumId);
      if (!post.open) throw new UserError('This post cannot be edited.');
      const editsText = changes.name !== undefined || changes.content !== undefined;
      if (editsText && !post.mayEdit) throw new KarmaError(post.editKarma);
      if (changes.tags !== undefined && !post.isQuestion) throw new UserError('Only questions have tags.');
      if (changes.tags !== undefined && !post.mayRetag) throw new KarmaError(rules.karma_edit_retag);
      const values: Record<string, unknown> = {};
      if (changes.name !== undefined && post.isQuestion) {
        const name = changes.name.trim();
        if (!name) throw new ValidationError('Title should not be empty.');
        values.name = name;
      }
      if (changes.content !== undefined) {
        const content = cleanPostHtml(changes.content, post.mayLinkAndImage);
        const text = plainText(content);
        if (!text && (!post.isQuestion || post.postType !== 'link')) throw new ValidationError(post.isQuestion ? 'The question needs a text.' : 'The answer needs a text.');
        values.content = content;
        values.plain_content = text.slice(0, PLAIN_CONTENT_SIZE);
      }
      let retagged: number[] = [];
      if (changes.tags !== undefined) {
        const before = await tx.sudo().model(POST_MODEL).read([postId], ['tag_ids']);
        const ids = await this.tags.tagIds(tx, rules, await this.karma.of(tx, tx.uid), changes.tags);
        values.tag_ids = [[6, 0, ids]];
        retagged = [...new Set([...((before[0].tag_ids as number[]) ?? []), ...ids])];
      }
      if (Object.keys(values).length) await tx.sudo().model(POST_MODEL).write([postId], values);
      await this.counts.tags(tx, retagged);
      return post;
    });
  }
}
