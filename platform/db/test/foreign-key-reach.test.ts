import { expect } from 'chai';
import { foreignKeyReach, reachOf, type ForeignKeyEdge } from '../sqlite-write-counts';

/**
 * Which tables a statement may change besides its own, through foreign key actions: what the write
 * signal tells with a delete or an update (and the exact copies hear as `cascadedFrom`).
 */
describe('db: what a delete or an update reaches through foreign keys', () => {
  const fk = (parent: string, child: string, onDelete: string, onUpdate = 'NO ACTION'): ForeignKeyEdge => ({ parent, child, onDelete, onUpdate });
  const reach = foreignKeyReach([
    fk('forum', 'post', 'CASCADE'),
    fk('post', 'post', 'CASCADE'), // answers of a question: the same table
    fk('post', 'vote', 'SET NULL'),
    fk('vote', 'ballot', 'CASCADE'), // votes are updated (set null), not deleted: ballots stay
    fk('forum', 'moderator', 'RESTRICT'),
    fk('tag', 'tag_rel', 'CASCADE', 'CASCADE'),
    fk('tag_rel', 'tag_count', 'NO ACTION', 'SET DEFAULT'),
  ]);
  const sorted = (tables: readonly string[] | undefined) => [...(tables ?? [])].sort();

  it('a delete reaches the children its actions delete or update, and further only through the deleted ones', () => {
    expect(sorted(reachOf(reach, 'forum', 'delete'))).to.deep.equal(['post', 'vote']);
    expect(sorted(reachOf(reach, 'post', 'delete'))).to.deep.equal(['vote']);
    expect(reachOf(reach, 'vote', 'delete')).to.deep.equal(['ballot']);
    expect(reachOf(reach, 'moderator', 'delete')).to.equal(undefined);
  });

  it('an update reaches only through ON UPDATE actions (a referenced key changed), and an insert nothing', () => {
    expect(reachOf(reach, 'forum', 'update'), 'no ON UPDATE action from forum').to.equal(undefined);
    expect(sorted(reachOf(reach, 'tag', 'update'))).to.deep.equal(['tag_count', 'tag_rel']);
    // The delete of a tag deletes its rows of tag_rel: their own children are reached by ON DELETE only.
    expect(sorted(reachOf(reach, 'tag', 'delete'))).to.deep.equal(['tag_rel']);
    expect(reachOf(reach, 'forum', 'insert')).to.equal(undefined);
  });

  it('walks a table\'s references to itself: a delete that sets its own rows\' parent to null reaches what their update reaches', () => {
    const selfish = foreignKeyReach([fk('node', 'node', 'SET NULL'), fk('node', 'label', 'RESTRICT', 'CASCADE')]);
    expect(reachOf(selfish, 'node', 'delete')).to.deep.equal(['label']);
    expect(reachOf(selfish, 'node', 'update')).to.deep.equal(['label']);
    expect(reachOf(foreignKeyReach([fk('post', 'post', 'CASCADE')]), 'post', 'delete'), 'never itself').to.equal(undefined);
  });
});
