import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { AccessError, DatabaseToken, ValidationError } from '@platform/core';
import { type Env, nowUtc } from '@platform/orm';
import { BusService, partnerChannel } from '@modules/bus';
import { conversationChannel, htmlToText } from './chat-format';
import { LivechatSessions } from './livechat-sessions';

export const OPERATOR_GROUP = 'livechat.group_livechat_user';
export const MANAGER_GROUP = 'livechat.group_livechat_manager';
export const CONSOLE_REFUSED = 'The live chat console is for live chat operators only.';
/** Conversations listed per tab of the inbox. */
export const INBOX_LIMIT = 50;
const SNIPPET_LENGTH = 120;

/** A conversation as the operator console lists it. */
export interface ConsoleConversation {
  id: number;
  uuid: string;
  visitor: string;
  country: string | false;
  visitor_page: string | false;
  state: 'open' | 'closed';
  closed_by: 'visitor' | 'operator' | false;
  last_message: string | false;
  last_message_date: string | false;
  unread: number;
  /** The visitor's rating of the conversation (1, 5 or 10) and its comment, or false. */
  rating: { rate: number; feedback: string | false } | false;
}

/** What the console's caller is: an operator may use it, and is counted online by the bus. */
export interface ConsoleCaller {
  env: Env;
  userId: number;
  partnerId: number;
}

/**
 * The operator console's rules: who may use it (internal users of the live chat group, or named
 * operators of a channel), the inbox of an operator's conversations with their unread counters, and
 * the operator ending a conversation. The operator is the conversation's `livechat_operator_id`; the
 * visitor's chat lines and the operator's are told apart by author.
 */
@injectable()
export class LivechatConsole {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(BusService) private readonly bus: BusService,
    @inject(LivechatSessions) private readonly sessions: LivechatSessions,
  ) {}

  /** Internal users in the live chat group, or named as operator of a channel. Portal users never. */
  async isOperator(env: Env, userId: number): Promise<boolean> {
    if (!env.hasGroup('base.group_user')) return false;
    if (env.hasGroup(OPERATOR_GROUP)) return true;
    return Boolean(await this.db('im_livechat_channel_im_user').where({ user_id: userId }).first('channel_id'));
  }

  async assertOperator(caller: ConsoleCaller): Promise<void> {
    if (!(await this.isOperator(caller.env, caller.userId))) throw new AccessError(CONSOLE_REFUSED);
  }

  /** The operator's open conversations, or its ended ones, the most recently active first. */
  async inbox(caller: ConsoleCaller, scope: 'open' | 'closed', limit = INBOX_LIMIT): Promise<ConsoleConversation[]> {
    await this.assertOperator(caller);
    const rows: Array<{
      id: number; uuid: string; anonymous_name: string | null; country: string | null; visitor_page: string | null; state: 'open' | 'closed';
      closed_by: 'visitor' | 'operator' | null; last_message_date: string | null; create_date: string; operator_seen_message_id: number | null;
      country_id: number | null;
    }> = await this.db('mail_channel as c')
      .where({ 'c.channel_type': 'livechat', 'c.state': scope, 'c.livechat_operator_id': caller.partnerId })
      .orderByRaw('COALESCE(c.last_message_date, c.create_date) DESC, c.id DESC')
      .limit(Math.min(Math.max(1, limit), INBOX_LIMIT))
      .select('c.id', 'c.uuid', 'c.anonymous_name', 'c.visitor_page', 'c.state', 'c.closed_by', 'c.last_message_date', 'c.create_date', 'c.operator_seen_message_id', 'c.country_id');
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // The conversations' lines through the mail.message model (website_mail's), as the superuser: the
    // operator may read them all (checked above).
    const messages = caller.env.sudo().model('mail.message');
    const lastIds = await messages.read_group([['channel_id', 'in', ids]], ['id:max'], ['channel_id'], { lazy: false });
    const bodies = lastIds.length ? await messages.search_read([['id', 'in', lastIds.map((l) => Number(l.id))]], ['channel_id', 'body']) : [];
    const lastBody = new Map(bodies.map((b) => [many2oneId(b.channel_id), String(b.body ?? '')]));
    const unread = await this.unreadByConversation(caller, rows);
    const ratingRows = await caller.env.sudo().model('rating.rating').search_read([['res_model', '=', 'mail.channel'], ['res_id', 'in', ids]], ['res_id', 'rating', 'feedback']);
    const ratings = new Map(ratingRows.map((r) => [Number(r.res_id), { rate: Number(r.rating), feedback: typeof r.feedback === 'string' && r.feedback ? r.feedback : false as const }]));
    // Country names are translated: read in the operator's language.
    const countryIds = [...new Set(rows.map((r) => r.country_id).filter((id): id is number => typeof id === 'number'))];
    const countries = new Map((await caller.env.sudo().model('res.country').read(countryIds, ['name'])).map((c) => [Number(c.id), String(c.name)]));
    return rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      visitor: r.anonymous_name || 'Visitor',
      country: (r.country_id && countries.get(r.country_id)) || false,
      visitor_page: r.visitor_page || false,
      state: r.state,
      closed_by: r.closed_by || false,
      last_message: lastBody.has(r.id) ? snippet(lastBody.get(r.id)!) : false,
      last_message_date: r.last_message_date || false,
      unread: unread.get(r.id) ?? 0,
      rating: ratings.get(r.id) ?? false,
    }));
  }

  /** Visitor lines the operator has not seen, in its open conversations (the console's and the title's counter). */
  async unreadTotal(caller: ConsoleCaller): Promise<number> {
    await this.assertOperator(caller);
    const rows = await this.db('mail_channel').where({ channel_type: 'livechat', state: 'open', livechat_operator_id: caller.partnerId }).select('id', 'operator_seen_message_id');
    let total = 0;
    for (const n of (await this.unreadByConversation(caller, rows)).values()) total += n;
    return total;
  }

  /** The operator has read a conversation up to `messageId`: its counter drops, in every tab of the operator. */
  async markSeen(caller: ConsoleCaller, channelId: number, messageId: number): Promise<boolean> {
    const row = await this.operated(caller, channelId);
    if (row.operator_seen_message_id && row.operator_seen_message_id >= messageId) return false;
    const exists = await caller.env.sudo().model('mail.message').search_count([['id', '=', messageId], ['channel_id', '=', channelId]]);
    if (!exists) throw new ValidationError('This message is not part of the conversation.');
    await this.db('mail_channel').where({ id: channelId }).update({ operator_seen_message_id: messageId });
    await this.bus.send(partnerChannel(caller.partnerId), { type: 'livechat.seen', channel_id: channelId, message_id: messageId });
    return true;
  }

  /**
   * The operator ends the conversation: it is closed for good (it stays in the past conversations
   * after a reload) and the visitor's window is told. Closing an ended conversation changes nothing.
   */
  async close(caller: ConsoleCaller, channelId: number): Promise<boolean> {
    const row = await this.operated(caller, channelId);
    if (row.state === 'closed') return false;
    const changed = await this.db('mail_channel').where({ id: channelId, state: 'open' }).update({ state: 'closed', closed_by: 'operator', write_date: nowUtc() });
    if (!changed) return false;
    const info = await this.sessions.info(caller.env.sudo(), await this.db('mail_channel').where({ id: channelId }).first());
    await this.bus.send(conversationChannel(channelId), { type: 'livechat.closed', closed_by: 'operator', channel: info });
    return true;
  }

  /** The conversation if the caller is its operator (managers may act on any conversation). */
  private async operated(caller: ConsoleCaller, channelId: number): Promise<{ id: number; state: 'open' | 'closed'; operator_seen_message_id: number | null }> {
    await this.assertOperator(caller);
    const row = await this.db('mail_channel').where({ id: channelId, channel_type: 'livechat' }).first('id', 'state', 'livechat_operator_id', 'operator_seen_message_id');
    if (!row || (row.livechat_operator_id !== caller.partnerId && !caller.env.hasGroup(MANAGER_GROUP))) {
      throw new AccessError('This conversation does not exist or is not yours.');
    }
    return row;
  }

  private async unreadByConversation(caller: ConsoleCaller, rows: Array<{ id: number; operator_seen_message_id: number | null }>): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (rows.length === 0) return out;
    // Lines written by anyone but the operator (the visitor: no author, or a signed-in visitor's partner),
    // after the last one the operator saw in each conversation.
    const after: unknown[] = rows.flatMap((r, i) => [...(i < rows.length - 1 ? ['|'] : []), '&', ['channel_id', '=', r.id], ['id', '>', r.operator_seen_message_id ?? 0]]);
    const counts = await caller.env.sudo().model('mail.message').read_group(
      ['|', ['author_id', '=', false], ['author_id', '!=', caller.partnerId], ...after] as never, [], ['channel_id'], { lazy: false },
    );
    for (const c of counts) out.set(many2oneId(c.channel_id), Number(c.__count));
    return out;
  }
}

/** The id of a many2one value as the ORM reads it (`[id, name]`). */
function many2oneId(value: unknown): number {
  return Number(Array.isArray(value) ? value[0] : value);
}

function snippet(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
}
