import { injectable } from 'inversify';
import { MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { SLIDE_NOT_FOUND_MESSAGE, type ChannelVisibility } from '../../common/slide-constants';
import { CHANNEL_MODEL } from '../models/slide-channel';
import { SLIDE_MODEL } from '../models/slide-slide';

export const SLIDES_MANAGER = 'slides.group_slide_manager';
export const PUBLISHER = 'website.group_website_publisher';

export interface ChannelFacts {
  id: number;
  name: string;
  description: string;
  visibility: ChannelVisibility;
  groupIds: number[];
  uploadGroupIds: number[];
  promoteStrategy: string;
  customSlideId: number | null;
  accessErrorMsg: string;
}

/**
 * Who may do what in a channel. Seeing a channel or a slide is the record rules' business (the
 * manifest): these read with the caller's rights, so a channel or slide the caller may not see is a 404.
 * What the rules cannot say per field is decided here: the full content of a slide in a partial
 * channel (members only), uploading (the upload groups) and publishing (website publishers).
 */
@injectable()
export class SlideAccess {
  async channel(env: Env, id: number): Promise<ChannelFacts> {
    const [row] = await env.model(CHANNEL_MODEL).search_read([['id', '=', id]], ['name', 'description', 'visibility', 'group_ids', 'upload_group_ids', 'promote_strategy', 'custom_slide_id', 'access_error_msg'], { limit: 1 });
    if (!row) throw new MissingError('This channel does not exist or you cannot see it.');
    return {
      id: Number(row.id), name: String(row.name), description: typeof row.description === 'string' ? row.description : '',
      visibility: row.visibility as ChannelVisibility, groupIds: (row.group_ids as number[]) ?? [], uploadGroupIds: (row.upload_group_ids as number[]) ?? [],
      promoteStrategy: String(row.promote_strategy), customSlideId: Array.isArray(row.custom_slide_id) ? Number(row.custom_slide_id[0]) : null,
      accessErrorMsg: typeof row.access_error_msg === 'string' ? row.access_error_msg : '',
    };
  }

  /** The slide's channel id, read with the caller's rights (a MissingError when they may not see it). */
  async slideChannelId(env: Env, slideId: number): Promise<number> {
    const [row] = await env.model(SLIDE_MODEL).search_read([['id', '=', slideId]], ['channel_id'], { limit: 1 });
    if (!row) throw new MissingError(SLIDE_NOT_FOUND_MESSAGE);
    return Number((row.channel_id as [number, string])[0]);
  }

  isManager(env: Env): boolean {
    return env.isSuperuser || env.hasGroup(SLIDES_MANAGER) || env.hasGroup('base.group_system');
  }

  signedIn(env: Env): boolean {
    return env.hasGroup('base.group_portal') || env.hasGroup('base.group_user');
  }

  canPublish(env: Env): boolean {
    return this.isManager(env) || env.hasGroup(PUBLISHER);
  }

  /** The caller's groups, implied ones included. */
  private async groupsOf(env: Env): Promise<Set<number>> {
    const [user] = await env.sudo().model('res.users').read([env.uid], ['groups_id']);
    const all = new Set(((user?.groups_id as number[]) ?? []).map(Number));
    let frontier = [...all];
    while (frontier.length) {
      const rows = await env.sudo().model('res.groups').read(frontier, ['implied_ids']);
      frontier = rows.flatMap((r) => (r.implied_ids as number[]) ?? []).map(Number).filter((g) => !all.has(g));
      for (const g of frontier) all.add(g);
    }
    return all;
  }

  async isMember(env: Env, channel: ChannelFacts): Promise<boolean> {
    if (this.isManager(env)) return true;
    if (!channel.groupIds.length) return false;
    const mine = await this.groupsOf(env);
    return channel.groupIds.some((g) => mine.has(g));
  }

  /** The slides' content (the PDF, the video, the embed code): public and private channels, or members of a partial one. */
  async canSeeFull(env: Env, channel: ChannelFacts): Promise<boolean> {
    return channel.visibility !== 'partial' || this.isMember(env, channel);
  }

  /** The upload dialog: signed-in users of the upload groups (none set: internal users). */
  async canUpload(env: Env, channel: ChannelFacts): Promise<boolean> {
    if (this.isManager(env)) return true;
    if (!this.signedIn(env)) return false;
    if (!channel.uploadGroupIds.length) return env.hasGroup('base.group_user');
    const mine = await this.groupsOf(env);
    return channel.uploadGroupIds.some((g) => mine.has(g));
  }
}
