import { injectable, inject } from 'inversify';
import type { Env } from '@platform/orm';
import { TAG_MODEL } from '../models/forum-tag';
import { ForumKarma } from './forum-karma';
import type { ForumRules } from '../../common/page-props';
import { parseTagNames } from './tag-rules';

/** A post's tags, named by the tag selector's text, within the post's forum. */
@injectable()
export class ForumPostTags {
  constructor(@inject(ForumKarma) private readonly karma: ForumKarma) {}

  /**
   * The tags of a new post by name: existing ones of the forum are reused; a new one needs
   * karma_tag_create (the original platform's rule for creating a tag), else the whole post is refused
   * with the karma message (nothing is dropped silently, as the original platform did).
   */
  async tagIds(env: Env, rules: ForumRules, karma: number, input: string): Promise<number[]> {
    const names = parseTagNames(input);
    if (!names.length) return [];
    const sudo = env.sudo().model(TAG_MODEL);
    const existing = await sudo.search_read([['forum_id', '=', rules.id], ['name', 'in', names]], ['name']);
    const byName = new Map(existing.map((t) => [String(t.name), Number(t.id)]));
    const ids: number[] = [];
    for (const name of names) {
      let tagId = byName.get(name);
      if (tagId === undefined) {
        this.karma.require(karma, rules, 'karma_tag_create');
        tagId = await sudo.create({ name, forum_id: rules.id });
      }
      ids.push(tagId);
    }
    return ids;
  }
}
